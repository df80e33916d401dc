/// Turns a slider value into text without binary-floating-point noise: never "2.6499999".
///
/// The default shows as many decimals as the step needs (0.1 → one, 0.25 → two, 5 → none); a continuous
/// slider shows `continuousDecimals`. Formatting is done on the decimal grid, not with `description`.
public struct ValueFormatter: Sendable {
    /// Decimal places for a value; nil uses the step's places (or `continuousDecimals`).
    public var decimals: Int?
    /// Places used when the slider is continuous or its step is not a short decimal.
    public var continuousDecimals: Int = 2

    public init(decimals: Int? = nil) {
        self.decimals = decimals
    }

    /// The number of places used for `model`'s values.
    public func places(for model: SliderModel) -> Int {
        if let decimals { return Swift.max(0, Swift.min(decimals, 15)) }
        if let grid = model.grid, let gridPlaces = grid.decimals { return gridPlaces }
        return continuousDecimals
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
    public func string(for value: Double, in model: SliderModel) -> String {
        ValueFormatter.format(value, places: places(for: model))
    }
}
