import Testing
@_spi(Internals) @testable import SliderCore

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

    /// An assistive technology setting the value goes through the editing path: began, changed, ended;
    /// clamped, snapped, kept apart; bad input is a typed error that changes nothing.
    @Test func settingTheValueIsAnEditOfItsOwn() throws {
        let (s, log) = loggedSlider { try? $0.setStepping(.size(0.25)) }
        try s.accessibilitySetValue(0.6)
        #expect(s.value == 0.5, "snapped to the 0.25 grid")
        #expect(log.events.filter { if case .step = $0 { false } else { true } }
                == [.editingChanged(true), .valueChanged(thumb: 0, value: 0.5), .editingChanged(false)])
        try s.accessibilitySetValue(7)
        #expect(s.value == 1, "clamped to the maximum")
        #expect(throws: SliderError.nonFiniteValue(.value)) { try s.accessibilitySetValue(.nan) }
        #expect(throws: SliderError.noSuchThumb(1)) { try s.accessibilitySetValue(0.5, ofThumb: 1) }
        s.isEnabled = false
        #expect(throws: SliderError.disabled) { try s.accessibilitySetValue(0.25) }
        #expect(s.value == 1, "refused changes change nothing")
        #expect(log.editing == [true, false, true, false], "every edit ended")

        let range = Slider(isRange: true, clock: ManualClock())
        try range.setMinimumSeparation(0.2)
        try range.setValue(0.8, ofThumb: 1, animated: false)
        try range.accessibilitySetValue(0.9, ofThumb: 0)
        #expect(abs(range.value - 0.6) < 1e-9, "kept 0.2 below the upper thumb: \(range.value)")
        #expect(range.accessibilityValue(ofThumb: 1) == "0.80")
        s.accessibilityLabel = "Volume"
        #expect(s.accessibilityName == "Volume" && range.accessibilityName == range.name)
    }

    @Test func rangeValueReadsBothThumbs() throws {
        let r = Slider(isRange: true, clock: ManualClock())
        try r.setStepping(.size(0.25))
        try r.setValue(0.75, ofThumb: 1, animated: false)
        try r.setValue(0.25, ofThumb: 0, animated: false)
        #expect(r.accessibilityValue == "0.25 to 0.75")
    }
}
