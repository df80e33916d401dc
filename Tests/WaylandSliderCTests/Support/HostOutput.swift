/// Reading what an example host prints (see Examples/subsurface-host.c).
extension [String] {
    /// The last value a `value LABEL V` line reported for `label`.
    func lastValue(of label: String) -> Double? {
        last { $0.hasPrefix("value \(label) ") }.flatMap { Double($0.split(separator: " ")[2]) }
    }

    /// The `step LABEL direction D count C value V` lines for `label`, as (direction, count).
    func steps(of label: String) -> [(direction: Int, count: Int)] {
        filter { $0.hasPrefix("step \(label) ") }.map {
            let parts = $0.split(separator: " ")
            return (Int(parts[3]) ?? 0, Int(parts[5]) ?? 0)
        }
    }

    /// The number after `key` on its last line (`host-frames N`, `slider-frames volume N`).
    func count(after key: String) -> Int? { last { $0.hasPrefix(key + " ") }.flatMap { Int($0.split(separator: " ").last!) } }
}
