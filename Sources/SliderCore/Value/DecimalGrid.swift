/// The values a stepped slider may take, computed so that decimal steps give decimal results.
///
/// A 0.1 step over 0...1 gives 0.3, never 0.30000000000000004: when the bounds and the step are decimal
/// numbers with at most 15 places, each grid value is computed as an exact integer count of the smallest
/// decimal unit divided once by a power of ten, which IEEE 754 rounds to the double nearest the decimal.
/// The grid is `lower + k * step` for `k` in `0...lastIndex`, plus `upper` when the span is not a whole
/// number of steps, so both bounds are always reachable.
package struct DecimalGrid: Equatable, Sendable {
    package let lower: Double
    package let upper: Double
    package let step: Double
    /// Decimal places of the grid, or nil when the numbers are not short decimals (then plain arithmetic is used).
    package let decimals: Int?
    /// The largest `k` with `lower + k * step <= upper`.
    package let lastIndex: Int

    private let unitsPerOne: Double
    private let lowerUnits: Double
    private let stepUnits: Double
    /// True for a grid made from a count: its last value is `upper` itself, whatever rounding says.
    private let pinsUpper: Bool

    /// The grid of `step` from `lower` to `upper`. The caller guarantees finite numbers, `lower <= upper`, `step > 0`.
    init(lower: Double, upper: Double, step: Double) {
        self.init(lower: lower, upper: upper, step: step, exactCount: nil)
    }

    /// The grid of `count` values from `lower` to `upper` inclusive; the last one is `upper` exactly.
    init(lower: Double, upper: Double, count: Int) {
        let step = count > 1 && upper > lower ? (upper - lower) / Double(count - 1) : 1
        self.init(lower: lower, upper: upper, step: step, exactCount: upper > lower ? Swift.max(2, count) : 1)
    }

    private init(lower: Double, upper: Double, step: Double, exactCount: Int?) {
        self.lower = lower
        self.upper = upper
        self.step = step
        let places = Swift.max(DecimalGrid.decimalPlaces(of: step) ?? -1, DecimalGrid.decimalPlaces(of: lower) ?? -1)
        let known = DecimalGrid.decimalPlaces(of: step) != nil && DecimalGrid.decimalPlaces(of: lower) != nil
        if known, places >= 0 {
            let scale = DecimalGrid.powerOfTen(places)
            decimals = places
            unitsPerOne = scale
            lowerUnits = (lower * scale).rounded()
            stepUnits = (step * scale).rounded()
        } else {
            decimals = nil
            unitsPerOne = 1
            lowerUnits = lower
            stepUnits = step
        }
        if let exactCount {
            lastIndex = exactCount - 1
            pinsUpper = true
        } else {
            let steps = ((upper - lower) / step * (1 + 1e-12)).rounded(.down)
            lastIndex = steps.isFinite ? Int(Swift.min(Swift.max(steps, 0), DecimalGrid.largestIndex)) : 0
            pinsUpper = false
        }
    }

    /// The value at index `k`; `k` past `lastIndex` gives `upper`.
    package func value(at k: Int) -> Double {
        if k <= 0 { return lower }
        if k > lastIndex || (pinsUpper && k == lastIndex) { return upper }
        let v: Double
        let units = lowerUnits + Double(k) * stepUnits
        if decimals != nil, abs(units) < DecimalGrid.exactIntegerLimit {
            v = units / unitsPerOne
        } else {
            v = lower + Double(k) * step
        }
        return Swift.min(v, upper)
    }

    /// How many steps `lower` is from 0, when that is a whole number (20 on a grid of 1 from 20; nil for 0.5 from
    /// 0.25): the grid's round values, such as every tenth step from 0, are then its multiples.
    package var lowerInSteps: Double? {
        guard decimals != nil, stepUnits != 0, abs(lowerUnits) < DecimalGrid.exactIntegerLimit else { return nil }
        let steps = lowerUnits / stepUnits
        return steps == steps.rounded() ? steps : nil
    }

    /// How many distinct values the grid holds (including `upper` when it is off the step).
    package var count: Int { lastIndex + 1 + (hasUpperOffGrid ? 1 : 0) }

    /// True when `upper` is not `lower + lastIndex * step`.
    package var hasUpperOffGrid: Bool { !pinsUpper && value(at: lastIndex) < upper }

    /// The grid value nearest to `value` (ties go up), or the one below or above it for `.down` / `.up`.
    package func snapped(_ value: Double, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Double {
        if value <= lower { return lower }
        if value >= upper { return upper }
        var exact = steps(from: value)
        // 0.3 / 0.1 is 2.9999999999999996: a value on the grid must not round down past itself.
        if abs(exact - exact.rounded()) < 1e-9 { exact = exact.rounded() }
        // A decimal half-way value (0.35 on a 0.1 grid) is a tie in decimal, whatever binary makes of it.
        if abs(exact - exact.rounded(.down) - 0.5) < 1e-9 { exact = exact.rounded(.down) + 0.5 }
        let k = Int(Swift.min(exact.rounded(rule), Double(lastIndex + 1)))
        let candidate = self.value(at: k)
        if hasUpperOffGrid, k >= lastIndex, rule == .toNearestOrAwayFromZero {
            let last = self.value(at: lastIndex)
            return (value - last) < (upper - value) ? last : upper
        }
        return candidate
    }

    /// How many steps `value` lies above `lower`, computed in decimal units when the grid is decimal.
    private func steps(from value: Double) -> Double {
        guard decimals != nil else { return (value - lower) / step }
        return (value * unitsPerOne - lowerUnits) / stepUnits
    }

    /// The index of the grid value at or below `value` (`count - 1` at `upper`).
    package func index(atOrBelow value: Double) -> Int {
        if value >= upper { return count - 1 }
        if value <= lower { return 0 }
        let raw = steps(from: value).rounded(.down)
        var k = Int(Swift.min(Swift.max(raw, 0), Double(lastIndex)))
        // (value - lower) / step may land a hair below or above a whole number.
        if self.value(at: k) > value, k > 0 { k -= 1 }
        if k < lastIndex, self.value(at: k + 1) <= value { k += 1 }
        return k
    }

    /// The number of places after the decimal point in the shortest decimal form of `x`, if it has one whose
    /// digits fit in 13 significant places (so 0.1 → 1, 0.25 → 2, 1e-12 → 12, but 1/3 and π → nil).
    package static func decimalPlaces(of x: Double) -> Int? {
        guard x.isFinite else { return nil }
        for places in 0...15 {
            let scaled = x * powerOfTen(places)
            guard abs(scaled) < 1e13 else { return nil }
            // A decimal scaled to an integer is off by a few units in the last place at most.
            if abs(scaled - scaled.rounded()) <= abs(scaled) * 4e-15 { return places }
        }
        return nil
    }

    /// 2^53: every integer below it is an exact double, so decimal units under it divide exactly once.
    static let exactIntegerLimit = 9_007_199_254_740_992.0

    /// The most steps a grid holds (2^52): beyond it, indices are no longer exact doubles.
    static let largestIndex = 4_503_599_627_370_496.0

    static func powerOfTen(_ n: Int) -> Double {
        var p = 1.0
        for _ in 0..<n { p *= 10 }
        return p
    }
}
