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

    @Test func rangeValueReadsBothThumbs() throws {
        let r = Slider(isRange: true, clock: ManualClock())
        try r.setStepping(.size(0.25))
        try r.setValue(0.75, ofThumb: 1, animated: false)
        try r.setValue(0.25, ofThumb: 0, animated: false)
        #expect(r.accessibilityValue == "0.25 to 0.75")
    }
}
