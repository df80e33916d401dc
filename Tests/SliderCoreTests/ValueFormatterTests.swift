import Testing
@_spi(Internals) @testable import SliderCore

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

    @Test func continuousSlidersShowAHundredthOfTheirRange() throws {
        #expect(try Slider(value: 0.6234, in: 0...1).accessibilityValue == "0.62")
        #expect(try Slider(value: 623.4, in: 0...1000).accessibilityValue == "623")
        #expect(try Slider(value: 0.00061234, in: 0...0.001).accessibilityValue == "0.00061")
        #expect(try Slider(value: 4.2e11, in: 0...1e12).accessibilityValue == "420000000000")
        #expect(try Slider(value: 5e-10, in: 0...1e-9).accessibilityValue == "0.00000000050")
        let explicit = try Slider(value: 0.6234, in: 0...1)
        explicit.formatter.continuousDecimals = 3
        #expect(explicit.accessibilityValue == "0.623")
    }

    @Test func aCustomFormatterReplacesTheDecimalRules() throws {
        let slider = try Slider(value: 0.62, in: 0...1)
        slider.formatter.custom = { "\(Int(($0 * 100).rounded())) %" }
        #expect(slider.accessibilityValue == "62 %")
    }

    @Test func tenthStepsNeverShowBinaryNoiseOnTheWholeGrid() throws {
        let slider = try Slider(value: 0, in: 0...10, step: 0.1)
        for k in 0...100 {
            try slider.setValue(Double(k) * 0.1, animated: false)
            let text = slider.accessibilityValue
            #expect(text.split(separator: ".").last?.count == 1, "\(k): \(text)")
            #expect(text == "\(k / 10).\(k % 10)")
        }
    }
}
