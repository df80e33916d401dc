import CWaylandClient
import SliderCore

/// A wl_pointer (or a replayed one: no proxy), translated event for event into `InputEvent`s: surface
/// coordinates are points, times the compositor's milliseconds. Sets the window's cursor on enter.
public final class PointerDevice {
    let proxy: OpaquePointer?
    private unowned let client: WaylandClient
    /// The surface the pointer is over, nil when it is over none of ours.
    private(set) var focus: OpaquePointer?
    private var lastTime: UInt32 = 0
    /// A leave arrived and the frame that ends it has not.
    private var leaving = false

    init(proxy: OpaquePointer?, client: WaylandClient) {
        self.proxy = proxy
        self.client = client
        // The proxy is destroyed in deinit, so no event can reach a released object.
        if let proxy { wl_pointer_add_listener(proxy, PointerDevice.listener, Unmanaged.passUnretained(self).toOpaque()) }
    }

    deinit {
        guard let proxy else { return }
        if wl_proxy_get_version(proxy) >= 3 { wl_pointer_release(proxy) } else { wl_pointer_destroy(proxy) }
    }

    /// The seat lost its pointer: whatever it was doing on our surface ends as if it left.
    func lost() {
        guard focus != nil else { return }
        handle(.pointerLeave)
        handle(.pointerFrame)
    }

    /// Translates one wl_pointer event. `surface` is the one an enter names; `serial` the enter's, for the cursor.
    func handle(_ event: WaylandInputEvent, surface: OpaquePointer? = nil, serial: UInt32? = nil) {
        switch event {
        case .pointerEnter(let x, let y):
            guard let surface, client.owns(surface) else { return }
            focus = surface
            leaving = false
            if let proxy, let serial { client.cursor?.apply(to: proxy, serial: serial) }
            send(event, .pointerEnter(Point(x: x, y: y)))
        case .pointerLeave:
            guard focus != nil else { return }
            send(event, .pointerLeave)
            // wl_pointer v5+ ends the leave with a frame; older versions have none, so it is implied here.
            if let proxy, wl_proxy_get_version(proxy) < 5 {
                send(.pointerFrame, .pointerFrame)
                focus = nil
            } else {
                leaving = true
            }
        case .pointerMotion(let time, let x, let y):
            send(event, .pointerMotion(Point(x: x, y: y)), time: time)
        case .pointerButton(let time, let button, let pressed):
            send(event, .pointerButton(button: button, state: pressed ? .pressed : .released), time: time)
        case .pointerAxis(let time, let horizontal, let value):
            send(event, .pointerAxis(axis: horizontal ? .horizontal : .vertical, value: value), time: time)
        case .pointerAxisDiscrete(let horizontal, let steps):
            send(event, .pointerAxisDiscrete(axis: horizontal ? .horizontal : .vertical, discrete: steps))
        case .pointerAxisValue120(let horizontal, let value):
            send(event, .pointerAxisValue120(axis: horizontal ? .horizontal : .vertical, value120: value))
        case .pointerAxisSource(let source):
            let kind: ScrollSource = switch source {
            case WL_POINTER_AXIS_SOURCE_FINGER.rawValue: .finger
            case WL_POINTER_AXIS_SOURCE_CONTINUOUS.rawValue: .continuous
            case WL_POINTER_AXIS_SOURCE_WHEEL_TILT.rawValue: .wheelTilt
            default: .wheel
            }
            send(event, .pointerAxisSource(kind))
        case .pointerAxisStop(let time, let horizontal):
            send(event, .pointerAxisStop(axis: horizontal ? .horizontal : .vertical), time: time)
        case .pointerFrame:
            send(event, .pointerFrame)
            if leaving {
                leaving = false
                focus = nil
            }
        default:
            return
        }
    }

    private func send(_ raw: WaylandInputEvent, _ kind: InputEvent.Kind, time: UInt32? = nil) {
        if let time { lastTime = time }
        guard let surface = focus else { return }
        client.record(raw)
        client.deliver(InputEvent(time: lastTime, kind), to: surface)
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> PointerDevice? {
        data.map { Unmanaged<PointerDevice>.fromOpaque($0).takeUnretainedValue() }
    }

    private static func isHorizontal(_ axis: UInt32) -> Bool { axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue }

    nonisolated(unsafe) private static let listener: UnsafePointer<wl_pointer_listener> = {
        let table = UnsafeMutablePointer<wl_pointer_listener>.allocate(capacity: 1)
        table.initialize(to: wl_pointer_listener(
            enter: { data, _, serial, surface, x, y in
                from(data)?.handle(.pointerEnter(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)), surface: surface, serial: serial)
            },
            leave: { data, _, _, _ in from(data)?.handle(.pointerLeave) },
            motion: { data, _, time, x, y in from(data)?.handle(.pointerMotion(time: time, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))) },
            button: { data, _, _, time, button, state in
                from(data)?.handle(.pointerButton(time: time, button: button, pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue))
            },
            axis: { data, _, time, axis, value in
                from(data)?.handle(.pointerAxis(time: time, horizontal: isHorizontal(axis), value: wl_fixed_to_double(value)))
            },
            frame: { data, _ in from(data)?.handle(.pointerFrame) },
            axis_source: { data, _, source in from(data)?.handle(.pointerAxisSource(source)) },
            axis_stop: { data, _, time, axis in from(data)?.handle(.pointerAxisStop(time: time, horizontal: isHorizontal(axis))) },
            axis_discrete: { data, _, axis, discrete in from(data)?.handle(.pointerAxisDiscrete(horizontal: isHorizontal(axis), steps: discrete)) },
            axis_value120: { data, _, axis, value in from(data)?.handle(.pointerAxisValue120(horizontal: isHorizontal(axis), value120: value)) }))
        return UnsafePointer(table)
    }()
}
