import Glibc

/// Readings of a POSIX clock in seconds. The Wayland layer reads the clock wp_presentation names (weston:
/// CLOCK_MONOTONIC_RAW), so input arrival, commits and presentation times are on one line.
package enum MonotonicTime {
    /// Now on CLOCK_MONOTONIC, in seconds.
    package static func seconds() -> Double { seconds(on: CLOCK_MONOTONIC) }

    /// Seconds since an input event stamped `milliseconds` (CLOCK_MONOTONIC's milliseconds wrapped to 32
    /// bits, as compositors stamp them) when CLOCK_MONOTONIC reads `now` seconds; nil when the stamp cannot
    /// be on that clock: later than now, or more than a second before it. The same event's time to the
    /// nanosecond (`precise`, seconds: `InputTimestamps`) is taken instead where it passes the same test.
    package static func age(ofEventTime milliseconds: UInt32, precisely precise: Double? = nil, now: Double) -> Double? {
        if let precise, (0...1).contains(now - precise) { return now - precise }
        let nowMilliseconds = (now * 1000).rounded(.down)
        let wrapped = UInt32(truncatingIfNeeded: Int64(nowMilliseconds))
        let age = (Double(wrapped &- milliseconds) + (now * 1000 - nowMilliseconds)) / 1000
        return age <= 1 ? age : nil
    }

    /// Now on `clock`, in seconds.
    package static func seconds(on clock: clockid_t) -> Double {
        var now = timespec()
        clock_gettime(clock, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
