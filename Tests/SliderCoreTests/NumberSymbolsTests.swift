import SliderCore
import Testing

/// Numbers in the room's language: the decimal separator and digit groups (`21,5 °C` in Germany) put into the
/// text `ValueFormatter.format` writes, so the popup, the value label and the screen reader say it alike.
@Suite struct NumberSymbolsTests {
    static let german = NumberSymbols(decimalSeparator: ",", groupingSeparator: ".", grouping: [3])
    static let french = NumberSymbols(decimalSeparator: ",", groupingSeparator: "\u{202F}", grouping: [3])

    @Test func separatorsAndGroupsAreThePlacesOwn() {
        #expect(Self.german.localized("21.5") == "21,5")
        #expect(Self.german.localized("1234567.25") == "1.234.567,25")
        #expect(Self.german.localized("-1234") == "-1.234")
        #expect(Self.german.localized("999") == "999")
        #expect(Self.french.localized("1234.5") == "1\u{202F}234,5")
        #expect(NumberSymbols(decimalSeparator: ".", groupingSeparator: ",", grouping: [3, 2]).localized("12345678") == "1,23,45,678", "India's lakh groups")
        #expect(NumberSymbols.c.localized("1234.5") == "1234.5")
        #expect(Self.german.localized("-∞") == "-∞")
    }

    @Test func theFormatterWritesThemWithTheUnit() throws {
        let slider = Slider(clock: ManualClock())
        try slider.setBounds(minimum: 0, maximum: 2000)
        try slider.setValue(1234.5, animated: false)
        slider.formatter = ValueFormatter(decimals: 1)
        slider.formatter.unit = "°C"
        slider.formatter.numberSymbols = Self.german
        #expect(slider.accessibilityValue == "1.234,5 °C")
    }
}
