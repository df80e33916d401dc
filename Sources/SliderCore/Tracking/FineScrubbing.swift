import RealModule

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
    package func rate(atDistance distance: Double) -> Double {
        guard isEnabled, distance.isFinite else { return 1 }
        if distance <= distances[0] { return rates[0] }
        for i in 1..<4 where distance < distances[i] {
            let t = (distance - distances[i - 1]) / (distances[i] - distances[i - 1])
            let logRate = (1 - t) * Double.log2(rates[i - 1]) + t * Double.log2(rates[i])
            return Double.exp2(logRate)
        }
        return rates[3]
    }
}
