import CWaylandSliderAPI
import Foundation
import PrivateCompositors
import SliderCore
@_spi(Internals) @testable import SliderWayland
import Testing

/// The C API refuses bad input with a status and a message, never a crash: NULL handles and out pointers,
/// non-finite numbers, empty or inverted bounds, unknown styles and thumbs, a slider in two containers,
/// embedding with a bad frame or scale.
@Suite struct CAPIBadInputTests {
    /// The message of the last failure on this thread.
    var lastError: String { String(cString: ws_last_error()) }

    @Test func slidersRefuseBadInputAndKeepTheirValue() throws {
        #expect(ws_slider_create(false, nil) == WS_ERROR_INVALID_ARGUMENT)
        #expect(lastError.contains("out is NULL"), "\(lastError)")
        var slider: OpaquePointer?
        #expect(ws_slider_create(false, &slider) == WS_OK)
        defer { ws_slider_destroy(slider) }
        #expect(ws_slider_set_value(slider, 0.3) == WS_OK)
        #expect(ws_slider_set_value(slider, .nan) == WS_ERROR_INVALID_ARGUMENT)
        #expect(lastError == "ws_slider_set_value: value must be a finite number, not NaN or infinite", "the function called, in words: \(lastError)")
        #expect(ws_slider_get_value(slider) == 0.3)
        #expect(ws_slider_set_value(slider, 7) == WS_OK, "out of bounds is a documented clamp")
        #expect(ws_slider_get_value(slider) == 1)
        #expect(ws_slider_set_bounds(slider, 1, 0) == WS_ERROR_INVALID_ARGUMENT)
        #expect(lastError.contains("minimum < maximum"), "\(lastError)")
        #expect(ws_slider_set_bounds(slider, 0, .infinity) == WS_ERROR_INVALID_ARGUMENT)
        #expect(ws_slider_set_bounds(slider, -10, 10) == WS_OK)
        #expect(ws_slider_set_frame(slider, 0, 0, -1, 44) == WS_ERROR_INVALID_ARGUMENT)
        #expect(ws_slider_set_frame(slider, .nan, 0, 100, 44) == WS_ERROR_INVALID_ARGUMENT)
        #expect(ws_slider_set_step(slider, -0.5) == WS_ERROR_INVALID_ARGUMENT)
        #expect(ws_slider_set_step(slider, 0) == WS_OK, "0 is continuous")
        #expect(ws_slider_set_style(slider, ws_style(rawValue: 99)) == WS_ERROR_INVALID_ARGUMENT)
        #expect(lastError.contains("no style 99"), "\(lastError)")
        #expect(ws_slider_set_thumb_value(slider, 1, 0.5) == WS_ERROR_INVALID_ARGUMENT, "a single-thumb slider has no thumb 1")
        #expect(ws_slider_get_thumb_value(slider, 1).isNaN)
        // Invalid UTF-8 in a label is repaired, not refused.
        let bytes: [CChar] = [0x56, -1, 0x6F, 0]
        #expect(ws_slider_set_label(slider, bytes) == WS_OK)
        #expect(ws_slider_set_label(slider, nil) == WS_OK)
    }

    @Test func nullHandlesAreRefusedEverywhere() {
        #expect(ws_slider_get_value(nil).isNaN)
        #expect(ws_slider_set_value(nil, 1) == WS_ERROR_INVALID_ARGUMENT)
        #expect(lastError == "ws_slider_set_value: slider is NULL", "\(lastError)")
        #expect(ws_slider_set_value_changed_callback(nil, nil, nil) == WS_ERROR_INVALID_ARGUMENT)
        #expect(ws_subsurface_create(nil, nil, 0, 0, 10, 10, 1, nil) == WS_ERROR_INVALID_ARGUMENT)
        var subsurface: OpaquePointer?
        #expect(ws_subsurface_create(nil, nil, 0, 0, 10, 10, 1, &subsurface) == WS_ERROR_INVALID_ARGUMENT)
        #expect(subsurface == nil)
        #expect(ws_subsurface_dispatch(nil, 0) == WS_ERROR_INVALID_ARGUMENT)
        #expect(ws_subsurface_get_fd(nil) == -1)
        #expect(ws_subsurface_get_timeout(nil) == -1)
        var published = true
        #expect(ws_subsurface_publish_accessibility(nil, "org.example.App", nil, nil, &published) == WS_ERROR_INVALID_ARGUMENT)
        #expect(!published, "nothing was published")
        #expect(ws_subsurface_get_accessibility_fd(nil) == -1)
        #expect(ws_canvas_draw(nil, 0, 0, 0, 10, 10, 1) == WS_ERROR_INVALID_ARGUMENT)
        #expect(ws_canvas_touch_frame(nil) == WS_ERROR_INVALID_ARGUMENT)
        #expect(!ws_canvas_needs_display(nil))
        ws_slider_destroy(nil)
        ws_subsurface_destroy(nil)
        ws_canvas_destroy(nil)
    }

    /// The last error is per thread, as errno is.
    @Test func theLastErrorBelongsToItsThread() throws {
        #expect(ws_slider_set_value(nil, 1) == WS_ERROR_INVALID_ARGUMENT)
        let other = OtherThread { String(cString: ws_last_error()) }
        #expect(other.result == "")
        #expect(lastError.contains("slider is NULL"))
    }

    @Test func embeddingRefusesABadFrameOrScaleAndASliderInTwoPlaces() throws {
        let weston = try HeadlessWeston(width: 480, height: 240)
        let host = try WaylandClient(socket: weston.socketPath)
        let window = try Toplevel(client: host, configuration: WindowConfiguration(size: Size(width: 480, height: 240)))
        try host.connection.roundtrip()
        let display = host.connection.display, parent = window.surface.proxy
        var subsurface: OpaquePointer?
        #expect(ws_subsurface_create(display, parent, .nan, 0, 100, 50, 1, &subsurface) == WS_ERROR_INVALID_ARGUMENT)
        #expect(ws_subsurface_create(display, parent, 0, 0, 0, 50, 1, &subsurface) == WS_ERROR_INVALID_ARGUMENT)
        #expect(ws_subsurface_create(display, parent, 0, 0, 100, 50, 0, &subsurface) == WS_ERROR_INVALID_ARGUMENT)
        #expect(ws_subsurface_create(display, parent, 0, 0, 100, 50, 17, &subsurface) == WS_ERROR_INVALID_ARGUMENT)
        #expect(subsurface == nil)
        var other: OpaquePointer?
        #expect(ws_subsurface_create(display, parent, 0, 0, 100, 50, 1, &subsurface) == WS_OK, "\(lastError)")
        #expect(ws_subsurface_create(display, parent, 0, 60, 100, 50, 2, &other) == WS_OK, "\(lastError)")
        defer {
            ws_subsurface_destroy(subsurface)
            ws_subsurface_destroy(other)
        }
        #expect(ws_subsurface_get_fd(subsurface) == host.connection.fileDescriptor, "the host's own socket")
        var presentation = WS_PRESENTATION_EGL_WINDOW
        #expect(ws_subsurface_get_presentation(subsurface, &presentation) == WS_OK && presentation == WS_PRESENTATION_SHM,
                "llvmpipe renders in software: wl_shm")
        #expect(ws_subsurface_get_presentation(nil, &presentation) == WS_ERROR_INVALID_ARGUMENT)
        #expect(ws_subsurface_get_presentation(subsurface, nil) == WS_ERROR_INVALID_ARGUMENT && lastError.contains("out is NULL"))
        #expect(ws_subsurface_set_frame(subsurface, 0, 0, 20000, 50) == WS_ERROR_INVALID_ARGUMENT)
        #expect(ws_subsurface_set_scale(subsurface, -1) == WS_ERROR_INVALID_ARGUMENT)
        #expect(ws_subsurface_set_background(subsurface, 2, 0, 0, 1) == WS_ERROR_INVALID_ARGUMENT)
        #expect(ws_subsurface_dispatch(subsurface, -2) == WS_ERROR_INVALID_ARGUMENT)
        #expect(ws_subsurface_publish_accessibility(subsurface, nil, nil, nil, nil) == WS_ERROR_INVALID_ARGUMENT)
        #expect(ws_subsurface_publish_accessibility(subsurface, "", nil, nil, nil) == WS_ERROR_INVALID_ARGUMENT && lastError.contains("app_id"))
        // A bus address nothing listens at: not published, and no error (as a window without a bus).
        var published = true
        #expect(ws_subsurface_publish_accessibility(subsurface, "org.example.App", nil, "unix:path=/nonexistent/bus", &published) == WS_OK)
        #expect(!published && ws_subsurface_get_accessibility_fd(subsurface) == -1)
        var slider: OpaquePointer?
        #expect(ws_slider_create(false, &slider) == WS_OK)
        #expect(ws_subsurface_add_slider(subsurface, slider) == WS_OK)
        #expect(ws_subsurface_add_slider(other, slider) == WS_ERROR_INVALID_ARGUMENT)
        #expect(lastError.contains("already in"), "\(lastError)")
        #expect(ws_subsurface_remove_slider(other, slider) == WS_ERROR_INVALID_ARGUMENT)
        #expect(ws_subsurface_remove_slider(subsurface, slider) == WS_OK)
        #expect(ws_subsurface_add_slider(other, slider) == WS_OK)
        // The slider handle goes first; the subsurface keeps drawing the slider, without callbacks.
        ws_slider_destroy(slider)
        #expect(ws_subsurface_dispatch(other, 0) == WS_OK)
        #expect(ws_subsurface_dispatch(subsurface, 0) == WS_OK)
        #expect(ws_subsurface_get_frame_count(other) == 1 && ws_subsurface_get_frame_count(subsurface) == 1)
    }
}

/// Runs `body` on a thread of its own and waits for its result.
final class OtherThread<T>: @unchecked Sendable {
    private(set) var result: T?
    init(_ body: @escaping @Sendable () -> T) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            result = body()
            done.signal()
        }
        thread.start()
        done.wait()
    }
}
