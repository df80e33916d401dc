/// An sRGB colour with straight (not premultiplied) alpha, each channel in 0...1.
public struct Color: Equatable, Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from `0xRRGGBB` and an opacity.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)

    /// The same colour with its opacity multiplied by `factor`.
    public func withAlpha(multipliedBy factor: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    /// The channels multiplied by alpha, as blending with `GL_ONE, GL_ONE_MINUS_SRC_ALPHA` wants them.
    package var premultiplied: (red: Double, green: Double, blue: Double, alpha: Double) {
        (red * alpha, green * alpha, blue * alpha, alpha)
    }
}
