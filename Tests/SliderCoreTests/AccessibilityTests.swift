import Testing
@testable import SliderCore

@Suite struct AccessibilityTests {
    @Test func incrementIsTenPercentOrOneStep() throws {
        let s = Slider(clock: ManualClock())
        s.accessibilityIncrement()
        #expect(s.value == 0.1)
        s.accessibilityIncrement()
        s.accessibilityIncrement()
        #expect(s.accessibilityValue == "0.30", "continuous values read with two decimals, without noise")
        try s.setStepping(.size(0.05))
        s.accessibilityIncrement()
        #expect(s.value == 0.35)
        s.accessibilityDecrement()
        #expect(s.value == 0.3)
    }

    @Test func neverFewerThanTwoPositions() throws {
        let s = Slider(clock: ManualClock())
        try s.setStepping(.count(2))
        s.accessibilityIncrement()
        #expect(s.value == 1)
        s.accessibilityIncrement()
        #expect(s.value == 1)
        s.accessibilityDecrement()
        #expect(s.value == 0)
    }

    @Test func adjustmentsReportValueChanges() {
        let s = Slider(clock: ManualClock())
        let log = EventLog(s)
        s.accessibilityIncrement()
        #expect(log.valueChanges == [0.1])
        s.isEnabled = false
        s.accessibilityIncrement()
        #expect(log.valueChanges == [0.1])
    }

    /// Found by the router fuzzer: an adjustment stamped its step events with time 0, so after any input
    /// they went back in time and waited for the rate budget instead of firing.
    @Test func adjustmentStepsComeAtOnceAndInTimeOrder() throws {
        let (s, log) = loggedSlider { try? $0.setStepFeedback(StepFeedbackConfiguration(boundaries: .every(0.1))) }
        s.beginTracking(.pointer, at: s.point(for: 0.15), time: 5)
        s.endTracking(.pointer, time: 5.1)
        s.accessibilityIncrement()
        let steps = log.events.compactMap { if case .step(let step) = $0 { step } else { nil } }
        #expect(steps.map(\.boundary) == [0.1, 0.2], "the tap's detent, then the increment's, at once")
        #expect(steps.map(\.time) == [5, 5], "the increment happens at the newest input time: \(steps.map(\.time))")
    }

    @Test func rangeValueReadsBothThumbs() throws {
        let r = Slider(isRange: true, clock: ManualClock())
        try r.setStepping(.size(0.25))
        try r.setValue(0.75, ofThumb: 1, animated: false)
        try r.setValue(0.25, ofThumb: 0, animated: false)
        #expect(r.accessibilityValue == "0.25 to 0.75")
    }
}
