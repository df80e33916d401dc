import Glibc

/// Readings of a POSIX clock in seconds. The Wayland layer reads the clock wp_presentation names (weston:
/// CLOCK_MONOTONIC_RAW), so input arrival, commits and presentation times are on one line.
package enum MonotonicTime {
    /// Now on CLOCK_MONOTONIC, in seconds.
    package static func seconds() -> Double { seconds(on: CLOCK_MONOTONIC) }

    /// Now on `clock`, in seconds.
    package static func seconds(on clock: clockid_t) -> Double {
        var now = timespec()
        clock_gettime(clock, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
