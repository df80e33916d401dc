/// The last few motion samples of a gesture, in a fixed ring: no allocation per event.
struct MotionHistory: Sendable {
    struct Sample: Sendable {
        var time: Double
        var along: Double
        var position: Double
    }

    static let capacity = 8
    private var samples: InlineArray<8, Sample> = .init(repeating: Sample(time: 0, along: 0, position: 0))
    private var count = 0
    private var next = 0

    mutating func removeAll() {
        count = 0
        next = 0
    }

    mutating func append(_ sample: Sample) {
        samples[next] = sample
        next = (next + 1) % MotionHistory.capacity
        count = Swift.min(count + 1, MotionHistory.capacity)
    }

    /// The `i`-th newest sample (0 is the newest).
    func newest(_ i: Int) -> Sample? {
        guard i < count else { return nil }
        return samples[(next - 1 - i + 2 * MotionHistory.capacity) % MotionHistory.capacity]
    }

    /// The position to keep when the gesture is released at `time`: the newest sample older than
    /// `time - settle`, if every later sample stayed within `tolerance` points of it (a lift-off wobble);
    /// nil when the last motion was deliberate or there is nothing to undo.
    func settledPosition(releasedAt time: Double, settle: Double, tolerance: Double) -> Double? {
        guard settle > 0 else { return nil }
        var i = 0
        var recentAlongMin = Double.infinity, recentAlongMax = -Double.infinity
        while let sample = newest(i) {
            if sample.time <= time - settle {
                guard i > 0 else { return nil }
                let low = Swift.min(recentAlongMin, sample.along), high = Swift.max(recentAlongMax, sample.along)
                return high - low <= tolerance ? sample.position : nil
            }
            recentAlongMin = Swift.min(recentAlongMin, sample.along)
            recentAlongMax = Swift.max(recentAlongMax, sample.along)
            i += 1
        }
        return nil
    }

    /// Along-axis speed in points per second over the newest samples (0 with fewer than two).
    func speed() -> Double {
        guard let a = newest(0), let b = newest(Swift.min(count - 1, 3)), a.time > b.time else { return 0 }
        return abs(a.along - b.along) / (a.time - b.time)
    }
}
