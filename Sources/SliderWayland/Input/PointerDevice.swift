import CWaylandClient
import CWaylandProtocols
import SliderCore

/// A wl_pointer, translated event for event into `InputEvent`s as its listener receives them: surface
/// coordinates in points, times the compositor's milliseconds (and nanoseconds, where it sends them:
/// `InputTimestamps`). Sets the window's cursor on enter.
package final class PointerDevice {
    let proxy: OpaquePointer
    private unowned let delivery: InputDelivery
    /// The surface the pointer is over, nil when it is over none of ours.
    private(set) var focus: OpaquePointer?
    private var lastTime: UInt32 = 0
    /// The last timed event's time to the nanosecond, nil when the compositor sent none.
    private var lastPreciseTime: Double?
    private var timestamps: InputTimestamps?
    /// A leave arrived and the frame that ends it has not.
    private var leaving = false
    /// This pointer's wp_cursor_shape_device_v1, made on the first enter where shapes are offered.
    private var shapeDevice: OpaquePointer?

    init(proxy: OpaquePointer, delivery: InputDelivery) {
        self.proxy = proxy
        self.delivery = delivery
        // The proxy is destroyed in deinit, so no event can reach a released object.
        wl_pointer_add_listener(proxy, PointerDevice.listener, Unmanaged.passUnretained(self).toOpaque())
        timestamps = delivery.timestamps { zwp_input_timestamps_manager_v1_get_pointer_timestamps($0, proxy) }
    }

    deinit {
        // Before the pointer it belongs to.
        timestamps = nil
        if let shapeDevice { wp_cursor_shape_device_v1_destroy(shapeDevice) }
        if wl_proxy_get_version(proxy) >= 3 { wl_pointer_release(proxy) } else { wl_pointer_destroy(proxy) }
    }

    /// This pointer's shape device from `manager` (one per pointer, kept until the pointer goes); nil when
    /// libwayland could not make the proxy.
    func shapeDevice(from manager: OpaquePointer) -> OpaquePointer? {
        if shapeDevice == nil { shapeDevice = wp_cursor_shape_manager_v1_get_pointer(manager, proxy) }
        return shapeDevice
    }

    /// The seat lost its pointer: whatever it was doing on our surface ends as if it left.
    func lost() {
        guard focus != nil else { return }
        pointerLeave()
        pointerFrame()
    }

    /// Our surface is being destroyed: the pointer is over none of ours until the next enter.
    func forget(_ surface: OpaquePointer) {
        guard focus == surface else { return }
        focus = nil
        leaving = false
    }

    private func pointerEnter(surface: OpaquePointer?, serial: UInt32, at point: Point) {
        guard let surface, delivery.owns(surface) else { return }
        focus = surface
        leaving = false
        delivery.cursor?.apply(to: self, serial: serial)
        send(.pointerEnter(point))
    }

    private func pointerLeave() {
        guard focus != nil else { return }
        send(.pointerLeave)
        // wl_pointer v5+ ends the leave with a frame; older versions have none, so it is implied here.
        if wl_proxy_get_version(proxy) < 5 {
            send(.pointerFrame)
            focus = nil
        } else {
            leaving = true
        }
    }

    private func pointerFrame() {
        send(.pointerFrame)
        if leaving {
            leaving = false
            focus = nil
        }
    }

    private func send(_ kind: InputEvent.Kind, time: UInt32? = nil) {
        if let time { (lastTime, lastPreciseTime) = (time, timestamps?.take()) }
        guard let surface = focus else { return }
        delivery.deliver(InputEvent(time: lastTime, kind), to: surface, preciseTime: lastPreciseTime)
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> PointerDevice? {
        data.map { Unmanaged<PointerDevice>.fromOpaque($0).takeUnretainedValue() }
    }

    private static func axis(_ axis: UInt32) -> ScrollAxis { axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue ? .horizontal : .vertical }

    private static func point(_ x: wl_fixed_t, _ y: wl_fixed_t) -> Point { Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)) }

    /// Filled field by field: libwayland 1.22 (Debian 13) adds axis_relative_direction, which the pointer
    /// is bound too old to receive; left empty, the table fits the headers of either release.
    nonisolated(unsafe) private static let listener: UnsafePointer<wl_pointer_listener> = {
        var events = wl_pointer_listener()
        events.enter = { data, _, serial, surface, x, y in from(data)?.pointerEnter(surface: surface, serial: serial, at: point(x, y)) }
        events.leave = { data, _, _, _ in from(data)?.pointerLeave() }
        events.motion = { data, _, time, x, y in from(data)?.send(.pointerMotion(point(x, y)), time: time) }
        events.button = { data, _, _, time, button, state in
            from(data)?.send(.pointerButton(button: button, state: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue ? .pressed : .released),
                             time: time)
        }
        events.axis = { data, _, time, axis, value in
            from(data)?.send(.pointerAxis(axis: PointerDevice.axis(axis), value: wl_fixed_to_double(value)), time: time)
        }
        events.frame = { data, _ in from(data)?.pointerFrame() }
        events.axis_source = { data, _, source in from(data)?.send(.pointerAxisSource(ScrollSource(axisSource: source) ?? .wheel)) }
        events.axis_stop = { data, _, time, axis in from(data)?.send(.pointerAxisStop(axis: PointerDevice.axis(axis)), time: time) }
        events.axis_discrete = { data, _, axis, discrete in
            from(data)?.send(.pointerAxisDiscrete(axis: PointerDevice.axis(axis), discrete: discrete))
        }
        events.axis_value120 = { data, _, axis, value in
            from(data)?.send(.pointerAxisValue120(axis: PointerDevice.axis(axis), value120: value))
        }
        let table = UnsafeMutablePointer<wl_pointer_listener>.allocate(capacity: 1)
        table.initialize(to: events)
        return UnsafePointer(table)
    }()
}
