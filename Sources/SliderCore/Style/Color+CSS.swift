extension Color {
    /// A colour as a style sheet or a panel file writes it: `#rrggbb`, `#rrggbbaa` (hex digits of either case),
    /// or one of CSS's 148 named colours (`steelblue`, any case); nil for anything else.
    public init?(css text: String) {
        if text.hasPrefix("#") {
            let digits = text.dropFirst()
            guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
            self = digits.count == 6 ? Color(hex: value) : Color(hex: value >> 8, alpha: Double(value & 0xFF) / 255)
        } else if let value = CSSColorNames.table[text.lowercased()] {
            self = Color(hex: value)
        } else {
            return nil
        }
    }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque: the channels rounded to 8 bits.
    public var cssHex: String {
        let bytes = [red, green, blue] + (alpha < 1 ? [alpha] : [])
        return "#" + bytes.map { channel in
            let byte = Int((Swift.min(Swift.max(channel, 0), 1) * 255).rounded())
            return (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }.joined()
    }
}
