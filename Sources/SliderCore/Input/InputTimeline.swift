/// Unwraps the compositor's 32-bit millisecond timestamps into seconds on one monotonic line.
///
/// Wayland times wrap every 2^32 ms; consecutive events are never that far apart, so the signed difference
/// between two raw stamps is the true step. A stamp slightly older than the last (events from two devices
/// interleaved) moves the line back by that much, which is what the difference really is.
package struct InputTimeline: Equatable, Sendable {
    private var lastRaw: UInt32?
    private var milliseconds: Int64 = 0

    package init() {}

    /// Seconds since the first stamp seen, for `raw`.
    package mutating func seconds(for raw: UInt32) -> Double {
        if let lastRaw {
            milliseconds += Int64(Int32(bitPattern: raw &- lastRaw))
        }
        lastRaw = raw
        return Double(milliseconds) / 1000
    }
}
