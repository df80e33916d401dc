import CSliderTestInput
import CWaylandClient
import CXKBCommon
import Foundation
@_spi(Internals) import SliderWayland

/// A keyboard of the virtual-keyboard protocol (sway offers it; its headless seat has no keyboard of its
/// own), bound on a window's connection with xkbcommon's default keymap. Made before typing, so the window
/// has bound the seat's new wl_keyboard and has focus when the keys come (`wtype`, a separate client that
/// exits at once, races that).
package final class VirtualKeyboard {
    package struct Failure: Error, CustomStringConvertible { package let description: String }

    private let client: WaylandClient
    private let proxy: OpaquePointer
    private var time: UInt32 = 1

    /// Creates the keyboard on the first seat of `surface`'s compositor, sends it the keymap, and round-trips
    /// until the window's seat has a keyboard.
    package convenience init(surface: FrameLoop) throws {
        try self.init(client: surface.client)
    }

    package init(client: WaylandClient) throws {
        guard let global = client.globals.registry.first("zwp_virtual_keyboard_manager_v1"),
              let (manager, _) = client.globals.registry.bind(global, interface: slider_zwp_virtual_keyboard_manager_v1_interface_address(), supported: 1) else {
            throw Failure(description: "the compositor offers no zwp_virtual_keyboard_manager_v1")
        }
        // The manager has no destructor request; its proxy is freed on the client side once the keyboard exists.
        defer { wl_proxy_destroy(manager) }
        guard let seat = client.input.seats.first, let proxy = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(manager, seat.proxy) else {
            throw Failure(description: "no seat to make a virtual keyboard on")
        }
        self.client = client
        self.proxy = proxy
        try sendKeymap()
        // The compositor adds the keyboard capability; the window's seat binds wl_keyboard in reply and gets
        // the keymap and, for the focused window, keyboard_enter.
        for _ in 0..<3 { try client.connection.roundtrip() }
        guard client.input.seats.contains(where: { $0.keyboard != nil }) else {
            throw Failure(description: "the window's seat got no keyboard after the virtual keyboard was made")
        }
    }

    deinit {
        zwp_virtual_keyboard_v1_destroy(proxy)
        _ = try? client.connection.flush()
    }

    /// xkbcommon's default keymap (evdev, pc105, us) as text in an unlinked temporary file, as
    /// wl_keyboard.keymap sends it.
    private func sendKeymap() throws {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw Failure(description: "xkb_context_new failed") }
        defer { xkb_context_unref(context) }
        guard let keymap = xkb_keymap_new_from_names(context, nil, XKB_KEYMAP_COMPILE_NO_FLAGS) else {
            throw Failure(description: "no default keymap (xkb-data missing?)")
        }
        defer { xkb_keymap_unref(keymap) }
        guard let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else { throw Failure(description: "keymap to text failed") }
        defer { free(text) }
        let size = strlen(text) + 1
        var template = Array((NSTemporaryDirectory() + "/slider-keymap-XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw Failure(description: "mkstemp failed (errno \(errno))") }
        unlink(template)
        defer { close(fd) }
        guard write(fd, text, size) == size else { throw Failure(description: "writing the keymap failed (errno \(errno))") }
        zwp_virtual_keyboard_v1_keymap(proxy, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, fd, UInt32(size))
    }

    /// Presses and releases each evdev key code in turn, then round-trips so the window has received them.
    package func tap(_ codes: [UInt32]) throws(WaylandError) {
        for code in codes {
            time &+= 20
            zwp_virtual_keyboard_v1_key(proxy, time, code, WL_KEYBOARD_KEY_STATE_PRESSED.rawValue)
            zwp_virtual_keyboard_v1_key(proxy, time + 5, code, WL_KEYBOARD_KEY_STATE_RELEASED.rawValue)
        }
        try client.connection.roundtrip()
    }
}
