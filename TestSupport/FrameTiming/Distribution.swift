/// Nearest-rank percentiles of a sample of frame measurements (render times, latencies), in the sample's unit.
package struct Distribution: Equatable, Sendable, Codable {
    package var count: Int
    package var median: Double, p95: Double, p99: Double, maximum: Double

    /// Nil for an empty sample.
    package init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        func rank(_ p: Double) -> Double { sorted[min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))] }
        count = sorted.count
        median = rank(0.5)
        p95 = rank(0.95)
        p99 = rank(0.99)
        maximum = sorted[sorted.count - 1]
    }
}
