import Testing
@_spi(Internals) @testable import SliderCore

/// One test per complaint users make about other sliders (docs/BEHAVIOUR.md, "Pain points"), each driven through
/// the router as real input would be, showing the complaint cannot happen here.
@Suite struct PainPointTests {
    @Test func noFloatDriftInSteps() throws {
        let surface = TestSurface()
        let s = surface.addSlider()
        try s.setStepping(.size(0.1))
        let log = EventLog(s)
        surface.press(at: s.point(for: 0))
        for i in 0...300 { surface.move(to: s.point(for: Double(i % 101) / 100), after: 5) }
        surface.release()
        #expect(!log.valueChanges.isEmpty)
        for v in log.valueChanges { #expect(v.description.count <= 3, "\(v)") }
    }

    @Test func wheelDoesNotChangeAValueWhileTheUserScrollsThePage() throws {
        let surface = TestSurface()
        let s = surface.addSlider(y: 300)
        try s.setStepping(.size(0.1))
        surface.pointer(.pointerEnter(Point(x: 200, y: 150)), after: 1000)
        for i in 0..<20 {
            // The page scrolls; the slider passes under the still pointer as its frame moves up.
            surface.pointer(.pointerAxisValue120(axis: .vertical, value120: -120), after: 30)
            s.frame.origin.y -= 10
            if i == 17 { surface.pointer(.pointerMotion(Point(x: 200, y: 151)), after: 5) }
        }
        #expect(surface.router.hoveredSlider === s, "the slider did come under the pointer mid-scroll")
        #expect(s.value == 0)
    }

    @Test func sliderInsideAScrollerLetsVerticalSwipesGo() {
        let surface = TestSurface()
        let s = surface.addSlider()
        let log = EventLog(s)
        let start = s.point(for: 0.5)
        surface.touch(.touchDown(id: 1, start))
        for i in 1...10 { surface.touch(.touchMotion(id: 1, start.offset(dx: Double(i) * 0.5, dy: Double(i) * 6))) }
        surface.touch(.touchUp(id: 1))
        #expect(s.value == 0 && log.events.isEmpty)
    }

    @Test func thumbDoesNotJumpWhenGrabbedOffCentre() throws {
        let surface = TestSurface()
        let s = surface.addSlider()
        try s.setValue(0.5, animated: false)
        let c = s.thumbCenter()
        surface.press(at: c.offset(dx: -12, dy: 8))
        surface.move(to: c.offset(dx: -11, dy: 8))
        #expect(abs(s.value - (0.5 + 1.0 / s.layout.travelLength)) < 1e-9, "one point of motion moves the thumb one point")
    }

    @Test func valueDoesNotShiftAsTheFingerLifts() throws {
        let surface = TestSurface()
        let s = surface.addSlider()
        try s.setValue(0.5, animated: false)
        let c = s.thumbCenter()
        surface.touch(.touchDown(id: 1, c))
        surface.touch(.touchMotion(id: 1, c.offset(dx: 30)), after: 40)
        surface.touch(.touchMotion(id: 1, c.offset(dx: 60)), after: 40)
        let chosen = s.value
        surface.touch(.touchMotion(id: 1, c.offset(dx: 62, dy: 3)), after: 200)
        surface.touch(.touchUp(id: 1), after: 8)
        #expect(s.value == chosen)
    }

    @Test func callbacksNeverFireTwiceOrEndBeforeTheRelease() {
        let surface = TestSurface()
        let s = surface.addSlider()
        let log = EventLog(s)
        surface.press(at: s.point(for: 0.3))
        surface.move(to: s.point(for: 0.3))
        surface.move(to: s.point(for: 0.6))
        #expect(log.editing == [true])
        surface.release()
        #expect(log.editing == [true, false])
        var previous: Double?
        for v in log.valueChanges {
            #expect(v != previous, "the same value reported twice in a row")
            previous = v
        }
    }

    @Test func hapticsDoNotFireOnEveryPixel() throws {
        let surface = TestSurface()
        let s = surface.addSlider()
        try s.setStepFeedback(StepFeedbackConfiguration(boundaries: .every(0.01)))
        let log = EventLog(s)
        surface.press(at: s.point(for: 0))
        for i in 1...200 { surface.move(to: s.point(for: Double(i) / 200), after: 2) }
        surface.release()
        #expect(log.steps.count <= 14, "0.4 s of motion: about 12 events at 30 Hz, not \(log.steps.reduce(0) { $0 + $1.count })")
        #expect(log.steps.reduce(0) { $0 + $1.count } == 99)
    }

    @Test func screenReaderStepsAreNeitherTooCoarseNorTooFine() throws {
        let fine = Slider(clock: ManualClock())
        try fine.setBounds(minimum: 0, maximum: 1000)
        fine.accessibilityIncrement()
        #expect(fine.value == 100, "ten presses cross the range, not a thousand")
        let coarse = Slider(clock: ManualClock())
        try coarse.setStepping(.count(3))
        coarse.accessibilityIncrement()
        #expect(coarse.value == 0.5, "a three-value slider stops at each of them")
    }

    @Test func stackedRangeThumbsAreNotGrabbedWrongly() throws {
        let surface = TestSurface()
        let r = surface.addSlider(isRange: true)
        try r.setValue(1, ofThumb: 0, animated: false)
        surface.press(at: r.thumbCenter(1).offset(dx: -3))
        surface.move(to: r.point(for: 0.5))
        surface.release()
        #expect(r.value < 0.55 && r.upperValue == 1, "at the maximum, the lower thumb is the one that can move")
    }

    @Test func thumbDoesNotTrailThePointerByAFrame() {
        let surface = TestSurface()
        let s = surface.addSlider()
        var scene = Scene()
        surface.press(at: s.point(for: 0.1))
        for i in 1...20 {
            let target = s.point(for: Double(i) / 20)
            surface.move(to: target)
            SceneBuilder.build(surface.router.sliders, pixelWidth: 400, pixelHeight: 100, scale: 1, into: &scene)
            let thumb = scene.primitives.first { $0.kind == .circle }!
            #expect(abs(thumb.rect.midX - target.x) <= 0.5, "the scene built after an event shows that event")
        }
    }

    @Test func liveUpdatesDoNotFloodASlowBackend() {
        let surface = TestSurface()
        let s = surface.addSlider()
        s.valueChangeInterval = 0.25
        let log = EventLog(s)
        surface.press(at: s.point(for: 0))
        for i in 1...100 { surface.move(to: s.point(for: Double(i) / 100), after: 10) }
        surface.release()
        #expect(log.valueChanges.count <= 6, "1 s of dragging, at most one update per 0.25 s and the last")
        #expect(log.valueChanges.last == 1)
        s.isContinuous = false
        log.clear()
        surface.press(at: s.point(for: 0.5))
        surface.move(to: s.point(for: 0.2))
        surface.release()
        #expect(log.valueChanges.count == 1)
    }
}
