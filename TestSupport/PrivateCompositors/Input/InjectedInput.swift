import CSliderTestInput
import CWaylandClient
import Foundation
import SliderCore
import SliderRenderer
@_spi(Internals) import SliderWayland

/// Input injected into a weston running `WestonInputModule`, through its own seat, with the
/// slider_test_input protocol bound on a client's connection; and read-back of what weston's output shows
/// under a surface. Requests are only queued: round-trip the connection to have the client receive the
/// events they cause (the compositor sends them before the round trip's reply).
package final class InjectedInput {
    package struct Failure: Error, CustomStringConvertible { package let description: String }

    private let client: WaylandClient
    /// The surface input is aimed at; nil: positions are in weston's global space.
    private let surface: OpaquePointer?
    private let proxy: OpaquePointer
    private var captured: (width: Int, height: Int)?
    /// The module's last complaint (a request naming a surface weston does not show), nil when none.
    package private(set) var failure: String?

    /// Binds the module's global on the connection of `surface`; input is aimed at it (surface-local
    /// coordinates, points).
    package convenience init(surface: FrameLoop) throws {
        try self.init(client: surface.client, surface: surface.role.inputSurface.proxy)
    }

    /// Connects to `compositor` on a connection of its own; positions are in weston's global space (points),
    /// for windows of other processes. A window as large as weston's output is placed at (0, 0) by the
    /// desktop shell, so its surface points are global ones.
    package convenience init(globalOn compositor: HeadlessWeston) throws {
        try self.init(client: WaylandClient(socket: compositor.socketPath), surface: nil)
    }

    /// Binds the module's global on `client`'s connection; input is aimed at `surface` (nil: global space).
    package init(client: WaylandClient, surface: OpaquePointer?) throws {
        guard let global = client.globals.registry.first("slider_test_input"), global.version >= (surface == nil ? 3 : 2),
              let (proxy, _) = client.globals.registry.bind(global, interface: slider_test_input_interface_address(), supported: 3) else {
            throw Failure(description: "the compositor offers no slider_test_input (version 3 for global input): weston was started without the input module")
        }
        self.client = client
        self.surface = surface
        self.proxy = proxy
        // The proxy is destroyed in deinit, so no event can reach a released object.
        slider_test_input_add_listener(proxy, InjectedInput.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { slider_test_input_destroy(proxy) }

    /// Sends the queued requests and waits until the compositor has handled them and the client has
    /// received every event they caused.
    package func roundtrip() throws(WaylandError) { try client.connection.roundtrip() }

    /// Sends the queued requests without waiting.
    package func flush() throws(WaylandError) { try client.connection.flush() }

    /// Moves the pointer to `point` on the surface, or in the global space (motion + frame).
    package func movePointer(to point: Point) {
        if let surface {
            slider_test_input_pointer_move(proxy, surface, wl_fixed_from_double(point.x), wl_fixed_from_double(point.y))
        } else {
            slider_test_input_pointer_move_global(proxy, wl_fixed_from_double(point.x), wl_fixed_from_double(point.y))
        }
    }

    /// Presses (true) or releases a button (linux/input-event-codes.h; `PointerButton.left` by default).
    package func button(_ pressed: Bool, _ button: UInt32 = PointerButton.left) {
        slider_test_input_pointer_button(proxy, button, pressed ? 1 : 0)
    }

    /// A drag with the left button: pressed at `start`, `steps` moves of `step` each (each round-tripped, then
    /// `afterEach` with the move's number, from 1), released at the last.
    package func drag(from start: Point, steps: Int, by step: Point, afterEach: (Int) throws -> Void = { _ in }) throws {
        movePointer(to: start)
        button(true)
        try roundtrip()
        for i in 1...Swift.max(1, steps) {
            movePointer(to: Point(x: start.x + Double(i) * step.x, y: start.y + Double(i) * step.y))
            try roundtrip()
            try afterEach(i)
        }
        button(false)
        try roundtrip()
    }

    /// Wheel notches (negative: up / left), 15 units each as a mouse wheel sends them.
    package func scroll(notches: Int32, horizontal: Bool = false) {
        let axis = horizontal ? WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue : WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue
        slider_test_input_pointer_axis(proxy, axis, wl_fixed_from_double(Double(notches) * 15), notches)
    }

    package func touchDown(_ id: Int32, at point: Point) { touch(id, SLIDER_TEST_INPUT_TOUCH_TYPE_DOWN, point) }
    package func touchMotion(_ id: Int32, to point: Point) { touch(id, SLIDER_TEST_INPUT_TOUCH_TYPE_MOTION, point) }
    package func touchUp(_ id: Int32) { touch(id, SLIDER_TEST_INPUT_TOUCH_TYPE_UP, Point(x: 0, y: 0)) }
    /// Ends a group of touch events.
    package func touchFrame() { slider_test_input_touch_frame(proxy) }
    /// The compositor takes every touch point away (wl_touch.cancel).
    package func touchCancel() { slider_test_input_touch_cancel(proxy) }

    /// Removes (false) or gives back (true) the seat's touch capability: a touchscreen unplugged and plugged in.
    package func setTouchPresent(_ present: Bool) { slider_test_input_set_touch(proxy, present ? 1 : 0) }

    private func touch(_ id: Int32, _ type: slider_test_input_touch_type, _ p: Point) {
        if let surface {
            slider_test_input_touch(proxy, surface, id, type.rawValue, wl_fixed_from_double(p.x), wl_fixed_from_double(p.y))
        } else {
            slider_test_input_touch_global(proxy, id, type.rawValue, wl_fixed_from_double(p.x), wl_fixed_from_double(p.y))
        }
    }

    /// Presses (true) or releases an evdev key code (linux/input-event-codes.h).
    package func key(_ code: UInt32, pressed: Bool) { slider_test_input_key(proxy, code, pressed ? 1 : 0) }

    /// What weston's output shows under the surface, `width` x `height` device pixels, as straight RGBA.
    /// Round-trips the connection.
    package func capture(width: Int, height: Int) throws -> RGBAImage {
        guard let surface else { throw Failure(description: "capture(width:height:) needs a surface: use capture(area:scale:)") }
        return try capture(width: width, height: height) { slider_test_input_capture(proxy, surface, $0) }
    }

    /// What weston's output shows in `area` (surface-local points, or global ones, whole numbers; it may
    /// reach outside the surface: a title bar above it), `scale` device pixels per point, as straight RGBA.
    package func capture(area: Rect, scale: Int) throws -> RGBAImage {
        let (x, y, w, h) = (Int32(area.origin.x), Int32(area.origin.y), Int32(area.width), Int32(area.height))
        return try capture(width: Int(area.width) * scale, height: Int(area.height) * scale) {
            if let surface { slider_test_input_capture_area(proxy, surface, x, y, w, h, $0) } else { slider_test_input_capture_global(proxy, x, y, w, h, $0) }
        }
    }

    /// Captures `area` (as `capture(area:scale:)`, at scale 1) until it equals `expected` within 2/255 or
    /// `timeout` seconds pass (a frame may still be on its way); returns the last capture and how far it is off.
    package func capture(area: Rect, matching expected: RGBAImage, timeout: Double = 5) throws
        -> (image: RGBAImage, maximum: Int, pixelsOver: Int) {
        let deadline = Date().addingTimeInterval(timeout)
        var shot: RGBAImage
        var difference: (maximum: Int, pixelsOver: Int)
        repeat {
            shot = try capture(area: area, scale: 1)
            difference = shot.difference(from: expected)
        } while difference.maximum > 2 && Date() < deadline
        return (shot, difference.maximum, difference.pixelsOver)
    }

    /// Runs `request` with a file of `width` x `height` pixels for the module to fill, round-trips, and
    /// reads the pixels back.
    private func capture(width: Int, height: Int, request: (Int32) -> Void) throws -> RGBAImage {
        let size = width * height * 4
        let path = NSTemporaryDirectory() + "slider-capture-\(UUID().uuidString)"
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw Failure(description: "cannot create \(path)") }
        unlink(path)
        defer { close(fd) }
        guard ftruncate(fd, off_t(size)) == 0 else { throw Failure(description: "cannot size the capture file") }
        captured = nil
        failure = nil
        request(fd)
        // The module reads the pixels after weston's next repaint (every request before this one shown):
        // round-trip until its answer has come, within 5 s.
        let deadline = MonotonicTime.seconds() + 5
        repeat {
            do { try client.connection.roundtrip() } catch { throw Failure(description: "capture: \(error)") }
        } while captured == nil && failure == nil && MonotonicTime.seconds() < deadline
        if let failure { throw Failure(description: failure) }
        guard let captured, captured.width == width, captured.height == height else {
            throw Failure(description: "capture returned \(String(describing: captured)), expected \(width) x \(height)")
        }
        guard let mapped = mmap(nil, size, PROT_READ, MAP_SHARED, fd, 0), mapped != MAP_FAILED else { throw Failure(description: "mmap failed") }
        defer { munmap(mapped, size) }
        // The module writes PIXMAN_a8r8g8b8.
        guard let image = RGBAImage(argb8888: mapped.assumingMemoryBound(to: UInt8.self), width: width, height: height) else {
            throw Failure(description: "bad capture size")
        }
        return image
    }

    nonisolated(unsafe) private static let listener: UnsafePointer<slider_test_input_listener> = {
        let table = UnsafeMutablePointer<slider_test_input_listener>.allocate(capacity: 1)
        table.initialize(to: slider_test_input_listener(
            captured: { data, _, width, height in
                guard let data else { return }
                Unmanaged<InjectedInput>.fromOpaque(data).takeUnretainedValue().captured = (Int(width), Int(height))
            },
            failed: { data, _, reason in
                guard let data else { return }
                Unmanaged<InjectedInput>.fromOpaque(data).takeUnretainedValue().failure = reason.map { String(cString: $0) } ?? "unknown"
            }))
        return UnsafePointer(table)
    }()
}
