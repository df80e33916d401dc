import RealModule

/// How values spread along the track. The thumb, the fill and the ticks move in the scale's space; values
/// stay values: steps, detents, the keyboard's and the page's steps, the popup and a screen reader all count
/// in them. Both ends are exact: the minimum is at position 0 and the maximum at 1, whatever the scale.
///
/// None of Qt, GTK, Flutter, LVGL or Slint has one; users ask for it for frequencies and gains (logarithmic)
/// and for volume (PipeWire's cubic volume: `.power(3)`).
public enum ValueScale: Equatable, Sendable {
    /// Equal distances are equal differences of value (the default).
    case linear
    /// Equal distances are equal ratios of value: `value = minimum · (maximum / minimum)^position`. Both bounds
    /// must be above 0 (`SliderError.logarithmicScaleNeedsPositiveBounds`).
    case logarithmic
    /// `value = minimum + (maximum − minimum) · position^exponent`: finer near the minimum for an exponent
    /// above 1 (3 is PipeWire's cubic volume), near the maximum below 1. The exponent is finite and above 0
    /// (`SliderError.invalidExponent`).
    case power(Double)
    /// Values in decibels on a mixer's fader: Ardour's fader law (`gain_to_slider_position_with_max`), the
    /// position `((6 · log2(gain · 2 / maximum gain) + 192) / 198)^8`, which puts 0 dB at 78 % of a +6 dB
    /// fader's travel and spreads the last 20 dB over most of it, where a person listens; from the minimum.
    /// `decibelFloor(below:)` is where the law reaches the bottom: a minimum of -∞.
    case decibel
    /// A pair of functions the application gives (`CustomValueScale`).
    case custom(CustomValueScale)

    /// The lowest value a fader whose maximum is `maximum` dB reaches: where Ardour's law is at 0 (199 dB below
    /// it), what a minimum of -∞ means; written -∞.
    public static func decibelFloor(below maximum: Double) -> Double { maximum - 199 }

    /// Ardour's law's raw position of `decibels` on a fader whose top is `maximum` dB (0 at the floor).
    private static func faderPosition(_ decibels: Double, maximum: Double) -> Double {
        let x = ((decibels - maximum) * 6 * Double.log2(10) / 20 + 198) / 198
        return x <= 0 ? 0 : Double.pow(x, 8)
    }

    /// Throws when the scale cannot map `minimum ... maximum`.
    func check(minimum: Double, maximum: Double) throws(SliderError) {
        switch self {
        case .linear, .custom, .decibel: break
        case .logarithmic:
            guard minimum > 0 else { throw .logarithmicScaleNeedsPositiveBounds(minimum: minimum) }
        case .power(let exponent):
            guard exponent.isFinite, exponent > 0 else { throw .invalidExponent(exponent) }
        }
    }

    /// The position (0...1) of `value` between `minimum` and `maximum` (a span above 0; `value` within them).
    package func position(of value: Double, minimum: Double, maximum: Double) -> Double {
        let fraction = (value - minimum) / (maximum - minimum)
        switch self {
        case .linear: return fraction
        case .logarithmic: return Double.log(value / minimum) / Double.log(maximum / minimum)
        case .power(let exponent): return Double.pow(fraction, 1 / exponent)
        case .decibel:
            let bottom = Self.faderPosition(minimum, maximum: maximum)
            return CustomValueScale.clamped((Self.faderPosition(value, maximum: maximum) - bottom) / (1 - bottom))
        case .custom(let scale): return CustomValueScale.clamped(scale.position(fraction))
        }
    }

    /// The value at `position` (0...1) between `minimum` and `maximum` (a span above 0).
    package func value(atPosition position: Double, minimum: Double, maximum: Double) -> Double {
        switch self {
        case .linear: return minimum + position * (maximum - minimum)
        case .logarithmic: return minimum * Double.pow(maximum / minimum, position)
        case .power(let exponent): return minimum + Double.pow(position, exponent) * (maximum - minimum)
        case .decibel:
            let bottom = Self.faderPosition(minimum, maximum: maximum)
            let raw = bottom + CustomValueScale.clamped(position) * (1 - bottom)
            let decibels = maximum + (198 * Double.pow(raw, 1.0 / 8) - 198) * 20 / (6 * Double.log2(10))
            return Swift.min(Swift.max(decibels, minimum), maximum)
        case .custom(let scale): return minimum + CustomValueScale.clamped(scale.fraction(position)) * (maximum - minimum)
        }
    }
}

/// A scale of the application's own: `position` maps the fraction of the range a value is at (0 at the
/// minimum, 1 at the maximum) to where it is on the track (0...1), and `fraction` maps back. Both should be
/// increasing and each other's inverse; what they return is clamped to 0...1 (NaN reads as 0), and the ends
/// are pinned (0 and 1 are never asked for). Two scales are equal only when they are the same object.
public final class CustomValueScale: Equatable, Sendable {
    /// The position of a fraction of the range.
    public let position: @Sendable (Double) -> Double
    /// The fraction of the range at a position.
    public let fraction: @Sendable (Double) -> Double

    public init(position: @escaping @Sendable (Double) -> Double, fraction: @escaping @Sendable (Double) -> Double) {
        self.position = position
        self.fraction = fraction
    }

    public static func == (a: CustomValueScale, b: CustomValueScale) -> Bool { a === b }

    static func clamped(_ x: Double) -> Double { x.isNaN ? 0 : Swift.min(Swift.max(x, 0), 1) }
}
