/// Turns a slider value into text without binary-floating-point noise: never "2.6499999".
///
/// The default shows as many decimals as the step needs (0.1 → one, 0.25 → two, 5 → none); a continuous
/// slider shows enough to see a hundredth of its range (0...1 → two, 0...1000 → none, 0...0.001 → five),
/// or `continuousDecimals` when set. Formatting is done on the decimal grid, not with `description`.
/// `custom` replaces all of this with the application's own text (units, percentages).
public struct ValueFormatter: Sendable {
    /// Decimal places for a value; nil uses the step's places (or the continuous rule).
    public var decimals: Int?
    /// Places used when the slider is continuous or its step is not a short decimal; nil: from the range.
    public var continuousDecimals: Int?
    /// The application's formatter (the value popup and accessibility use it); nil uses the decimal rules.
    public var custom: (@Sendable (Double) -> String)?
    /// Text after the number ("%", "°C"), with a space before it; nil: none.
    public var unit: String?
    /// The decimal and grouping separators the number is written with (`NumberSymbols.c`: "1234.5").
    public var numberSymbols = NumberSymbols.c
    /// A value at or below this is written "-∞" (a fader's floor: `ValueScale.decibelFloor(below:)`); nil: none.
    public var minusInfinity: Double?

    public init(decimals: Int? = nil, custom: (@Sendable (Double) -> String)? = nil) {
        self.decimals = decimals
        self.custom = custom
    }

    /// The number of places used for `model`'s values.
    package func places(for model: SliderModel) -> Int {
        if let decimals { return Swift.max(0, Swift.min(decimals, 15)) }
        if let grid = model.grid, let gridPlaces = grid.decimals { return gridPlaces }
        if let continuousDecimals { return Swift.max(0, Swift.min(continuousDecimals, 15)) }
        // A hundredth of the range visible: 2 places for a span of 1, none from 100, more for tiny spans.
        let span = model.span
        guard span.isFinite, span > 0 else { return 2 }
        // The decade of the span: the largest p with 10^p <= span (p in -13...15, as far as places reach).
        var decade = -13
        for p in stride(from: 15, through: -13, by: -1) {
            let power = p >= 0 ? DecimalGrid.powerOfTen(p) : 1 / DecimalGrid.powerOfTen(-p)
            if span >= power { decade = p; break }
        }
        return Swift.max(0, Swift.min(15, 2 - decade))
    }

    /// `value` rounded half away from zero to `places` decimals, as text ("-0" never appears).
    public static func format(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-∞" : "∞") }
        let places = Swift.max(0, Swift.min(places, 15))
        let scale = DecimalGrid.powerOfTen(places)
        let scaled = (abs(value) * scale).rounded()
        guard scaled < DecimalGrid.exactIntegerLimit else {
            // Beyond exact integers: fall back to the shortest round-trip form.
            return value.description
        }
        let units = UInt64(scaled)
        let divisor = UInt64(scale)
        var text = units == 0 || value > 0 ? "" : "-"
        text += String(units / divisor)
        if places > 0 {
            let fraction = String(units % divisor)
            text += "." + String(repeating: "0", count: places - fraction.count) + fraction
        }
        return text
    }

    /// `value` formatted for `model`.
    package func string(for value: Double, in model: SliderModel) -> String {
        if let custom { return custom(value) }
        if let minusInfinity, value <= minusInfinity { return "-∞" + (unit.map { " " + $0 } ?? "") }
        return numberSymbols.localized(ValueFormatter.format(value, places: places(for: model))) + (unit.map { " " + $0 } ?? "")
    }
}
