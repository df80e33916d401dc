import CWaylandClient
import CWaylandProtocols

/// One device's zwp_input_timestamps_v1, where the compositor offers the protocol (weston): the time of
/// each timed pointer or touch event to the nanosecond, not the millisecond wl_pointer and wl_touch carry,
/// for the latency measured from the event (`FrameStatistics.inputToPresentTimes`). The compositor sends
/// an event's timestamp just before the event; the device takes it with that event.
final class InputTimestamps {
    private let proxy: OpaquePointer
    /// The timestamp no event has taken yet, in seconds on the compositor's input clock.
    private var pending: Double?

    /// Subscribes with the proxy `subscribe` makes from the manager (get_pointer_timestamps,
    /// get_touch_timestamps); nil when libwayland could not make it.
    init?(_ subscribe: () -> OpaquePointer?) {
        guard let proxy = subscribe() else { return nil }
        self.proxy = proxy
        // The proxy is destroyed in deinit, so no event can reach a released object.
        zwp_input_timestamps_v1_add_listener(proxy, InputTimestamps.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { zwp_input_timestamps_v1_destroy(proxy) }

    /// The timestamp of the timed event being received, in seconds; nil when none came before it.
    func take() -> Double? {
        defer { pending = nil }
        return pending
    }

    /// A timestamp with nanoseconds of a second or more is not one: the event it precedes keeps its
    /// millisecond time.
    private func received(secondsHigh: UInt32, secondsLow: UInt32, nanoseconds: UInt32) {
        let seconds = UInt64(secondsHigh) << 32 | UInt64(secondsLow)
        pending = nanoseconds < 1_000_000_000 ? Double(seconds) + Double(nanoseconds) / 1e9 : nil
    }

    nonisolated(unsafe) private static let listener: UnsafePointer<zwp_input_timestamps_v1_listener> = {
        let table = UnsafeMutablePointer<zwp_input_timestamps_v1_listener>.allocate(capacity: 1)
        table.initialize(to: zwp_input_timestamps_v1_listener(timestamp: { data, _, high, low, nanoseconds in
            guard let data else { return }
            Unmanaged<InputTimestamps>.fromOpaque(data).takeUnretainedValue().received(secondsHigh: high, secondsLow: low, nanoseconds: nanoseconds)
        }))
        return UnsafePointer(table)
    }()
}
