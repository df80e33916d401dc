/// Slower, finer dragging as the finger moves away from the track, as iOS media scrubbers do.
///
/// The rate is 1 within the track's hit band and falls continuously with the distance past it, through the
/// iOS reference points (1 at 0 pt, 1/2 at 50, 1/4 at 100, 1/10 at 150, and 1/10 beyond), interpolated
/// linearly in the logarithm of the rate so there is no step anywhere.
public struct FineScrubbing: Equatable, Sendable {
    public var isEnabled: Bool
    /// Distances (pt past the hit band) of the four reference points; increasing.
    public var distances: InlineArray<4, Double>
    /// Rates at those distances; the last holds beyond.
    public var rates: InlineArray<4, Double>

    public init(isEnabled: Bool = false) {
        self.isEnabled = isEnabled
        distances = [0, 50, 100, 150]
        rates = [1, 0.5, 0.25, 0.1]
    }

    public static func == (a: FineScrubbing, b: FineScrubbing) -> Bool {
        guard a.isEnabled == b.isEnabled else { return false }
        for i in 0..<4 where a.distances[i] != b.distances[i] || a.rates[i] != b.rates[i] { return false }
        return true
    }

    /// The rate at `distance` points past the hit band (negative distances give the first rate).
    public func rate(atDistance distance: Double) -> Double {
        guard isEnabled, distance.isFinite else { return 1 }
        if distance <= distances[0] { return rates[0] }
        for i in 1..<4 where distance < distances[i] {
            let t = (distance - distances[i - 1]) / (distances[i] - distances[i - 1])
            let logRate = (1 - t) * base2Log(rates[i - 1]) + t * base2Log(rates[i])
            return base2Exp(logRate)
        }
        return rates[3]
    }
}

/// log2 and exp2 without Foundation or libm's C interface: accurate to about 1e-12, plenty for a rate.
private func base2Log(_ x: Double) -> Double {
    guard x > 0 else { return -.infinity }
    var exponent = 0.0
    var m = x
    while m >= 2 { m /= 2; exponent += 1 }
    while m < 1 { m *= 2; exponent -= 1 }
    // ln(m) by the series of atanh: ln(m) = 2 atanh((m-1)/(m+1)).
    let y = (m - 1) / (m + 1), y2 = y * y
    var term = y, sum = 0.0
    var k = 1.0
    for _ in 0..<20 { sum += term / k; term *= y2; k += 2 }
    return exponent + 2 * sum / 0.693_147_180_559_945_3
}

private func base2Exp(_ x: Double) -> Double {
    let whole = x.rounded(.down)
    let frac = (x - whole) * 0.693_147_180_559_945_3
    var term = 1.0, sum = 1.0
    for n in 1..<20 { term *= frac / Double(n); sum += term }
    var result = sum
    if whole > 0 { for _ in 0..<Int(whole) { result *= 2 } } else if whole < 0 { for _ in 0..<Int(-whole) { result /= 2 } }
    return result
}
