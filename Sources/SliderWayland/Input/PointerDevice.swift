import CWaylandClient
import SliderCore

/// A wl_pointer, translated event for event into `InputEvent`s (surface coordinates are points; times are
/// the compositor's milliseconds). Sets the window's cursor on enter.
public final class PointerDevice {
    let proxy: OpaquePointer
    private unowned let client: WaylandClient
    /// The surface the pointer is over, nil when it is over none of ours.
    private(set) var focus: OpaquePointer?
    private var lastTime: UInt32 = 0

    init(proxy: OpaquePointer, client: WaylandClient) {
        self.proxy = proxy
        self.client = client
        // The proxy is destroyed in deinit, so no event can reach a released object.
        wl_pointer_add_listener(proxy, PointerDevice.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if wl_proxy_get_version(proxy) >= 3 { wl_pointer_release(proxy) } else { wl_pointer_destroy(proxy) }
    }

    /// The seat lost its pointer: whatever it was doing on our surface ends as if it left.
    func lost() {
        guard let surface = focus else { return }
        focus = nil
        client.deliver(InputEvent(time: lastTime, .pointerLeave), to: surface)
        client.deliver(InputEvent(time: lastTime, .pointerFrame), to: surface)
    }

    private func send(_ kind: InputEvent.Kind, time: UInt32? = nil) {
        if let time { lastTime = time }
        guard let surface = focus else { return }
        client.deliver(InputEvent(time: lastTime, kind), to: surface)
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> PointerDevice? {
        data.map { Unmanaged<PointerDevice>.fromOpaque($0).takeUnretainedValue() }
    }

    private static func axis(_ raw: UInt32) -> ScrollAxis { raw == WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue ? .horizontal : .vertical }

    nonisolated(unsafe) private static let listener: UnsafePointer<wl_pointer_listener> = {
        let table = UnsafeMutablePointer<wl_pointer_listener>.allocate(capacity: 1)
        table.initialize(to: wl_pointer_listener(
            enter: { data, _, serial, surface, x, y in
                guard let pointer = from(data), let surface, pointer.client.owns(surface) else { return }
                pointer.focus = surface
                pointer.client.cursor?.apply(to: pointer.proxy, serial: serial)
                pointer.send(.pointerEnter(Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))))
            },
            leave: { data, _, _, surface in
                guard let pointer = from(data), pointer.focus != nil else { return }
                pointer.send(.pointerLeave)
                // wl_pointer v5+ ends the leave with a frame event; older versions have none, so the
                // frame is implied here and the frame handler drops the focus.
                if wl_proxy_get_version(pointer.proxy) < 5 {
                    pointer.send(.pointerFrame)
                    pointer.focus = nil
                } else {
                    pointer.leaving = true
                }
            },
            motion: { data, _, time, x, y in
                from(data)?.send(.pointerMotion(Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))), time: time)
            },
            button: { data, _, _, time, button, state in
                from(data)?.send(.pointerButton(button: button, state: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue ? .pressed : .released), time: time)
            },
            axis: { data, _, time, axis, value in
                from(data)?.send(.pointerAxis(axis: PointerDevice.axis(axis), value: wl_fixed_to_double(value)), time: time)
            },
            frame: { data, _ in
                guard let pointer = from(data) else { return }
                pointer.send(.pointerFrame)
                if pointer.leaving {
                    pointer.leaving = false
                    pointer.focus = nil
                }
            },
            axis_source: { data, _, source in
                let kind: ScrollSource = switch source {
                case WL_POINTER_AXIS_SOURCE_FINGER.rawValue: .finger
                case WL_POINTER_AXIS_SOURCE_CONTINUOUS.rawValue: .continuous
                case WL_POINTER_AXIS_SOURCE_WHEEL_TILT.rawValue: .wheelTilt
                default: .wheel
                }
                from(data)?.send(.pointerAxisSource(kind))
            },
            axis_stop: { data, _, time, axis in from(data)?.send(.pointerAxisStop(axis: PointerDevice.axis(axis)), time: time) },
            axis_discrete: { data, _, axis, discrete in from(data)?.send(.pointerAxisDiscrete(axis: PointerDevice.axis(axis), discrete: discrete)) },
            axis_value120: { data, _, axis, value in from(data)?.send(.pointerAxisValue120(axis: PointerDevice.axis(axis), value120: value)) }))
        return UnsafePointer(table)
    }()

    /// A leave arrived and the frame that ends it has not.
    private var leaving = false
}
