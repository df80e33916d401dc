import RealModule

/// Slower, finer dragging as the finger moves away from the track, as iOS media scrubbers do.
///
/// The rate is 1 within the track's hit band and falls continuously with the distance past it, through the
/// iOS reference points (1 at 0 pt, 1/2 at 50, 1/4 at 100, 1/10 at 150, and 1/10 beyond), interpolated
/// linearly in the logarithm of the rate so there is no step anywhere.
public struct FineScrubbing: Equatable, Sendable {
    public var isEnabled: Bool

    /// The reference points: distance (pt past the hit band), increasing, and the rate there; the last rate holds
    /// beyond.
    private static let points: [(distance: Double, rate: Double)] = [(0, 1), (50, 0.5), (100, 0.25), (150, 0.1)]

    public init(isEnabled: Bool = false) {
        self.isEnabled = isEnabled
    }

    /// The rate at `distance` points past the hit band (negative distances give the first rate).
    package func rate(atDistance distance: Double) -> Double {
        guard isEnabled, distance.isFinite else { return 1 }
        let points = FineScrubbing.points
        if distance <= points[0].distance { return points[0].rate }
        for i in 1..<points.count where distance < points[i].distance {
            let t = (distance - points[i - 1].distance) / (points[i].distance - points[i - 1].distance)
            let logRate = (1 - t) * Double.log2(points[i - 1].rate) + t * Double.log2(points[i].rate)
            return Double.exp2(logRate)
        }
        return points[points.count - 1].rate
    }
}
