/// The colours a panel maker gives a slider (a panel file's `colors:`, a description's `colors`), each nil to
/// keep the style's: written as CSS writes them (`#rrggbb`, `#rrggbbaa` or a CSS colour name). `SliderStyle.
/// applying(_:)` puts them in a style as the presets place their own.
public struct SliderPalette: Codable, Equatable, Sendable {
    /// The fill, the focus ring, and what the style draws in its fill's colour (Material's thumb and value popup).
    public var accent: Color?
    /// The track beside the fill (UISlider's maximum track).
    public var track: Color?
    public var thumb: Color?
    /// What the slider is drawn on: a panel's window, or one slider's frame (`Slider.backgroundColor`).
    public var background: Color?
    /// The label and the end symbols.
    public var text: Color?

    /// The keys, as a panel file writes them.
    public enum CodingKeys: String, CodingKey, CaseIterable, Sendable {
        case accent, track, thumb, background, text
    }

    public init(accent: Color? = nil, track: Color? = nil, thumb: Color? = nil, background: Color? = nil, text: Color? = nil) {
        (self.accent, self.track, self.thumb, self.background, self.text) = (accent, track, thumb, background, text)
    }

    /// Refuses a key it does not have and a colour CSS would not read, naming the key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        for key in container.allKeys where CodingKeys(stringValue: key.stringValue) == nil {
            throw DecodingError.dataCorruptedError(forKey: key, in: container,
                                                   debugDescription: "has no \(key.stringValue); a colour is one of \(CodingKeys.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        func color(_ key: CodingKeys) throws -> Color? {
            guard let text = try container.decodeIfPresent(String.self, forKey: AnyKey(key.rawValue)) else { return nil }
            guard let color = Color(css: text) else {
                throw DecodingError.dataCorruptedError(forKey: AnyKey(key.rawValue), in: container,
                                                       debugDescription: "\(key.rawValue) must be #rrggbb, #rrggbbaa or a CSS colour name, not \"\(text.prefix(40))\"")
            }
            return color
        }
        self.init(accent: try color(.accent), track: try color(.track), thumb: try color(.thumb), background: try color(.background), text: try color(.text))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        for (key, color) in [(CodingKeys.accent, accent), (.track, track), (.thumb, thumb), (.background, background), (.text, text)] {
            try container.encodeIfPresent(color?.cssHex, forKey: key)
        }
    }

    /// These colours, each nil one taken from `defaults` (a slider's over its panel's).
    public func merged(over defaults: SliderPalette) -> SliderPalette {
        SliderPalette(accent: accent ?? defaults.accent, track: track ?? defaults.track, thumb: thumb ?? defaults.thumb,
                      background: background ?? defaults.background, text: text ?? defaults.text)
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension SliderStyle {
    /// The style with `palette`'s colours where it gives them, in every state the style has colours for: the
    /// accent fills the track, rings the focus and replaces the fill's colour wherever the style uses it too
    /// (Material's thumb and popup); the track, the thumb and the text (the label and end symbols) as given.
    /// The disabled and pressed looks are derived as the preset derives its own: UIKit's whole slider at 30 %,
    /// Material's on-surface colours. The background is not the style's (`Slider.backgroundColor`).
    public func applying(_ palette: SliderPalette) -> SliderStyle {
        var style = self
        let fill = normal.minimumTrack
        func apply(_ colors: inout SliderColors) {
            if let accent = palette.accent {
                if colors.thumb == fill && palette.thumb == nil { colors.thumb = accent }
                colors.minimumTrack = accent
                colors.focusRing = Color(red: accent.red, green: accent.green, blue: accent.blue, alpha: accent.alpha * colors.focusRing.alpha)
            }
            if let track = palette.track { colors.maximumTrack = track }
            if let thumb = palette.thumb { colors.thumb = thumb }
            if let text = palette.text { colors.image = text }
        }
        apply(&style.normal)
        if var highlighted = style.highlighted { apply(&highlighted); style.highlighted = highlighted }
        if var focused = style.focused { apply(&focused); style.focused = focused }
        if let accent = palette.accent, style.valuePopup.background == fill {
            // The popup's text stays readable: white or black, whichever stands out more on the accent.
            style.valuePopup.background = accent
            style.valuePopup.text = accent.contrastRatio(with: .white) >= accent.contrastRatio(with: .black) ? .white : .black
        }
        return style
    }
}
