import Testing
@_spi(Internals) @testable import SliderCore

@Suite struct ValueAnimationTests {
    @Test func setValueAnimatedEasesInOutOverFifteenHundredths() throws {
        let clock = ManualClock()
        let s = Slider(clock: clock)
        try s.setValue(1, animated: true)
        #expect(s.value == 1, "the model value changes at once, as UISlider's does")
        #expect(s.presentationValue(ofThumb: 0) == 0)
        #expect(s.isAnimating)
        clock.advance(by: 0.075)
        #expect(abs(s.presentationValue(ofThumb: 0) - 0.5) < 1e-6, "ease-in-out is symmetric")
        clock.advance(by: 0.0375)
        let threeQuarters = s.presentationValue(ofThumb: 0)
        #expect(threeQuarters > 0.75, "ease-in-out is ahead of linear after the middle")
        clock.advance(by: 0.0375)
        #expect(s.presentationValue(ofThumb: 0) == 1)
        #expect(!s.isAnimating)
        #expect(!s.advanceAnimations())
    }

    @Test func reducedMotionJumps() throws {
        let s = Slider(clock: ManualClock())
        s.reducesMotion = true
        try s.setValue(0.8, animated: true)
        #expect(s.presentationValue(ofThumb: 0) == 0.8)
        #expect(!s.isAnimating)
    }

    @Test func retargetingStartsFromWhereTheThumbIs() throws {
        let clock = ManualClock()
        let s = Slider(clock: clock)
        try s.setValue(1, animated: true)
        clock.advance(by: 0.075)
        try s.setValue(0, animated: true)
        #expect(abs(s.presentationValue(ofThumb: 0) - 0.5) < 1e-6, "no jump when a new animation replaces one")
    }

    @Test func timingCurves() {
        #expect(TimingCurve.linear.progress(at: 0.3) == 0.3 || abs(TimingCurve.linear.progress(at: 0.3) - 0.3) < 1e-9)
        #expect(TimingCurve.easeOut.progress(at: 0.5) > 0.6)
        #expect(TimingCurve.easeInOut.progress(at: -1) == 0)
        #expect(TimingCurve.easeInOut.progress(at: 2) == 1)
        var previous = 0.0
        for i in 0...100 {
            let p = TimingCurve.easeInOut.progress(at: Double(i) / 100)
            #expect(p >= previous - 1e-12)
            previous = p
        }
    }

    @Test func manualClockNeverRunsBack() {
        let clock = ManualClock(now: 5)
        clock.advance(by: -1)
        clock.advance(by: .nan)
        #expect(clock.now == 5)
        let system = SystemClock()
        let a = system.now, b = system.now
        #expect(b >= a)
    }
}
