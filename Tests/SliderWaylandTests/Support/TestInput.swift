import CSliderTestProtocol
import CWaylandClient
import Foundation
import SliderRenderer
@testable import SliderWayland
import WaylandSlider

/// Input injected through weston's own seat with the test-only slider_test_input protocol, bound on the
/// window's connection, plus screenshots read back from weston's output. Every call waits until the client
/// has received and drawn what it caused (and weston has presented that frame).
final class TestInput {
    struct Failure: Error, CustomStringConvertible { let description: String }

    let window: SliderWindow
    private let proxy: OpaquePointer
    private var captured: (width: Int, height: Int)?
    private var failure: String?

    init(window: SliderWindow) throws {
        self.window = window
        guard let global = window.client.registry.first("slider_test_input"),
              let (proxy, _) = window.client.registry.bind(global, interface: slider_test_input_interface_address(), supported: 1) else {
            throw Failure(description: "weston offers no slider_test_input: was the test module loaded?")
        }
        self.proxy = proxy
        slider_test_input_add_listener(proxy, TestInput.listener, Unmanaged.passUnretained(self).toOpaque())
        try settle()
    }

    deinit { slider_test_input_destroy(proxy) }

    private var surface: OpaquePointer { window.toplevel.surface }

    // MARK: Pointer

    func movePointer(to p: Point) throws {
        slider_test_input_pointer_move(proxy, surface, wl_fixed_from_double(p.x), wl_fixed_from_double(p.y))
        try settle()
    }

    func pressButton(_ button: UInt32 = PointerButton.left) throws {
        slider_test_input_pointer_button(proxy, button, 1)
        try settle()
    }

    func releaseButton(_ button: UInt32 = PointerButton.left) throws {
        slider_test_input_pointer_button(proxy, button, 0)
        try settle()
    }

    /// One wheel notch per `notches` (negative: up), as a mouse wheel sends it (15 units each).
    func scroll(notches: Int32, axis: UInt32 = WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue) throws {
        slider_test_input_pointer_axis(proxy, axis, wl_fixed_from_double(Double(notches) * 15), notches)
        try settle()
    }

    /// Presses at `from`, moves to `to` in `steps` motions, releases.
    func drag(from: Point, to: Point, steps: Int = 8) throws {
        try movePointer(to: from)
        try pressButton()
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            try movePointer(to: Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t))
        }
        try releaseButton()
    }

    // MARK: Touch

    func touchDown(_ id: Int32, at p: Point) { touch(id, SLIDER_TEST_INPUT_TOUCH_TYPE_DOWN, p) }
    func touchMotion(_ id: Int32, to p: Point) { touch(id, SLIDER_TEST_INPUT_TOUCH_TYPE_MOTION, p) }
    func touchUp(_ id: Int32) { touch(id, SLIDER_TEST_INPUT_TOUCH_TYPE_UP, Point(x: 0, y: 0)) }

    private func touch(_ id: Int32, _ type: slider_test_input_touch_type, _ p: Point) {
        slider_test_input_touch(proxy, surface, id, type.rawValue, wl_fixed_from_double(p.x), wl_fixed_from_double(p.y))
    }

    /// Ends a group of touch events and waits for the client to handle them.
    func touchFrame() throws {
        slider_test_input_touch_frame(proxy)
        try settle()
    }

    func touchCancel() throws {
        slider_test_input_touch_cancel(proxy)
        try settle()
    }

    // MARK: Keyboard

    /// Presses and releases an evdev key (linux/input-event-codes.h: KEY_RIGHT 106, KEY_LEFT 105, ...).
    func tap(key: UInt32) throws {
        try press(key: key)
        try release(key: key)
    }

    func press(key: UInt32) throws {
        slider_test_input_key(proxy, key, 1)
        try settle()
    }

    func release(key: UInt32) throws {
        slider_test_input_key(proxy, key, 0)
        try settle()
    }

    // MARK: Waiting and screenshots

    /// Round-trips so every event the requests caused has been dispatched, then lets the window draw and
    /// waits (up to 2 s) until weston has presented the frame (or no frame was needed).
    func settle() throws {
        try window.client.connection.roundtrip()
        if let failure { throw Failure(description: "weston's test module: \(failure)") }
        try waitForPresentation()
    }

    /// Dispatches until no frame is outstanding: every commit presented or discarded and nothing left to draw.
    func waitForPresentation(timeout: Double = 2) throws {
        let deadline = Date().addingTimeInterval(timeout)
        try window.dispatch(timeout: 0)
        while window.hasFrameInFlight || window.statistics.committedCount > window.statistics.presentedCount + window.statistics.discardedCount {
            guard Date() < deadline else { throw Failure(description: "no frame callback or presentation within \(timeout) s") }
            try window.dispatch(timeout: 0.05)
        }
    }

    /// What weston's output shows under the window, device pixels, as straight RGBA.
    func screenshot() throws -> RGBAImage {
        try waitForPresentation()
        let (width, height) = window.toplevel.pixelSize
        let size = width * height * 4
        let path = NSTemporaryDirectory() + "slider-capture-\(UUID().uuidString)"
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw Failure(description: "cannot create \(path)") }
        unlink(path)
        defer { close(fd) }
        guard ftruncate(fd, off_t(size)) == 0 else { throw Failure(description: "cannot size the capture file") }
        captured = nil
        slider_test_input_capture(proxy, surface, fd)
        try window.client.connection.roundtrip()
        if let failure { throw Failure(description: "capture: \(failure)") }
        guard let captured, captured.width == width, captured.height == height else {
            throw Failure(description: "capture returned \(String(describing: captured)), expected \(width) x \(height)")
        }
        guard let mapped = mmap(nil, size, PROT_READ, MAP_SHARED, fd, 0), mapped != MAP_FAILED else { throw Failure(description: "mmap failed") }
        defer { munmap(mapped, size) }
        // PIXMAN_a8r8g8b8 is a native-endian 32-bit ARGB word: B, G, R, A in memory on little-endian.
        let bytes = mapped.assumingMemoryBound(to: UInt8.self)
        var pixels = [UInt8](repeating: 0, count: size)
        for i in stride(from: 0, to: size, by: 4) {
            pixels[i] = bytes[i + 2]
            pixels[i + 1] = bytes[i + 1]
            pixels[i + 2] = bytes[i]
            pixels[i + 3] = bytes[i + 3]
        }
        return RGBAImage(width: width, height: height, pixels: pixels)!
    }

    nonisolated(unsafe) private static let listener: UnsafePointer<slider_test_input_listener> = {
        let table = UnsafeMutablePointer<slider_test_input_listener>.allocate(capacity: 1)
        table.initialize(to: slider_test_input_listener(
            captured: { data, _, width, height in
                guard let data else { return }
                Unmanaged<TestInput>.fromOpaque(data).takeUnretainedValue().captured = (Int(width), Int(height))
            },
            failed: { data, _, reason in
                guard let data else { return }
                Unmanaged<TestInput>.fromOpaque(data).takeUnretainedValue().failure = reason.map { String(cString: $0) } ?? "?"
            }))
        return UnsafePointer(table)
    }()
}
