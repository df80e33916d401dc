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
    /// A pair of functions the application gives (`CustomValueScale`).
    case custom(CustomValueScale)

    /// Throws when the scale cannot map `minimum ... maximum`.
    func check(minimum: Double, maximum: Double) throws(SliderError) {
        switch self {
        case .linear, .custom: break
        case .logarithmic:
            guard minimum > 0 else { throw .logarithmicScaleNeedsPositiveBounds(minimum: minimum) }
        case .power(let exponent):
            guard exponent.isFinite, exponent > 0 else { throw .invalidExponent(exponent) }
        }
    }

    /// The position (0...1) of `value` between `minimum` and `maximum` (a span above 0; `value` within them).
    func position(of value: Double, minimum: Double, maximum: Double) -> Double {
        let fraction = (value - minimum) / (maximum - minimum)
        switch self {
        case .linear: return fraction
        case .logarithmic: return Double.log(value / minimum) / Double.log(maximum / minimum)
        case .power(let exponent): return Double.pow(fraction, 1 / exponent)
        case .custom(let scale): return CustomValueScale.clamped(scale.position(fraction))
        }
    }

    /// The value at `position` (0...1) between `minimum` and `maximum` (a span above 0).
    func value(atPosition position: Double, minimum: Double, maximum: Double) -> Double {
        switch self {
        case .linear: return minimum + position * (maximum - minimum)
        case .logarithmic: return minimum * Double.pow(maximum / minimum, position)
        case .power(let exponent): return minimum + Double.pow(position, exponent) * (maximum - minimum)
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
