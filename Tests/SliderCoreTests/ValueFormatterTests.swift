import Testing
@testable import SliderCore

@Suite struct ValueFormatterTests {
    @Test func tenthStepsFormatWithOneDecimal() throws {
        let slider = try Slider(value: 0.3, in: 0...1, step: 0.1)
        #expect(slider.formatter.string(for: slider.value, in: slider.model) == "0.3")
        #expect(slider.formatter.string(for: 0.1 + 0.2, in: slider.model) == "0.3")
    }

    @Test func decimalsFollowTheStep() throws {
        let slider = try Slider(value: 2.65, in: 0...5, step: 0.05)
        #expect(slider.accessibilityValue == "2.65")
        try slider.setStepping(.size(5))
        #expect(slider.accessibilityValue == "5")
        try slider.setStepping(.continuous)
        #expect(slider.accessibilityValue == "5.00")
    }

    @Test func neverShowsBinaryNoise() {
        #expect(ValueFormatter.format(2.6499999999999995, places: 2) == "2.65")
        #expect(ValueFormatter.format(0.30000000000000004, places: 1) == "0.3")
        #expect(ValueFormatter.format(-0.0001, places: 2) == "0.00")
        #expect(ValueFormatter.format(-1.25, places: 1) == "-1.3")
        #expect(ValueFormatter.format(0.05, places: 3) == "0.050")
    }

    @Test func hugeAndTinyRanges() throws {
        let huge = try Slider(value: 1e12, in: 0...1e12, step: 1)
        #expect(huge.accessibilityValue == "1000000000000")
        let tiny = try Slider(value: 5e-10, in: 0...1e-9, step: 1e-12)
        #expect(tiny.accessibilityValue == "0.000000000500")
        #expect(ValueFormatter.format(1e300, places: 2) == 1e300.description)
        #expect(ValueFormatter.format(.nan, places: 2) == "NaN")
        #expect(ValueFormatter.format(.infinity, places: 2) == "∞")
    }
}
