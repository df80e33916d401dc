import RealModule

extension Color {
    /// WCAG 2's relative luminance of the colour's sRGB channels (alpha not counted): 0 for black, 1 for white.
    public var relativeLuminance: Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : Double.pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio of two opaque colours, from 1 (the same) to 21 (black on white): 3 is the least
    /// for a control's parts (1.4.11), 4.5 for text (1.4.3).
    public func contrastRatio(with other: Color) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (Swift.max(a, b) + 0.05) / (Swift.min(a, b) + 0.05)
    }

    /// The opaque colour this one shows over `background` (straight alpha, blended in sRGB as the renderers
    /// blend).
    public func composited(over background: Color) -> Color {
        let under = background.alpha < 1 ? background.composited(over: .white) : background
        func mix(_ top: Double, _ bottom: Double) -> Double { top * alpha + bottom * (1 - alpha) }
        return Color(red: mix(red, under.red), green: mix(green, under.green), blue: mix(blue, under.blue))
    }
}
