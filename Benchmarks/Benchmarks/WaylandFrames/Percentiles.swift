/// Median, p99 and maximum of a sample (nearest-rank), for the tables.
struct Percentiles {
    let count: Int
    let median: Double
    let p99: Double
    let maximum: Double

    init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        func rank(_ p: Double) -> Double { sorted[min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))] }
        count = sorted.count
        median = rank(0.5)
        p99 = rank(0.99)
        maximum = sorted[sorted.count - 1]
    }
}
