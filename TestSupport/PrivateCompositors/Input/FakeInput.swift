import CSliderTestInput
import CWaylandClient
import SliderCore
@_spi(Internals) import SliderWayland

/// KWin's fake input (org_kde_kwin_fake_input, version 4), bound on a window's connection: a pointer at
/// absolute positions in the output layout (points) and keys by evdev code, through KWin's own seat.
package final class FakeInput {
    package struct Failure: Error, CustomStringConvertible { package let description: String }

    private let client: WaylandClient
    private let proxy: OpaquePointer

    /// Binds fake input on the connection of `surface` and authenticates (KWin accepts it when started with
    /// KWIN_WAYLAND_NO_PERMISSION_CHECKS, as `HeadlessKWin` does).
    package convenience init(surface: FrameLoop) throws {
        try self.init(client: surface.client)
    }

    package init(client: WaylandClient) throws {
        guard let global = client.globals.registry.first("org_kde_kwin_fake_input"),
              let (proxy, version) = client.globals.registry.bind(global, interface: slider_org_kde_kwin_fake_input_interface_address(), supported: 4) else {
            throw Failure(description: "the compositor offers no org_kde_kwin_fake_input")
        }
        guard version >= 4 else {
            wl_proxy_destroy(proxy)
            throw Failure(description: "org_kde_kwin_fake_input version \(version): absolute motion and keys need 4")
        }
        self.client = client
        self.proxy = proxy
        org_kde_kwin_fake_input_authenticate(proxy, "WaylandSlider tests", "input for the compositor matrix")
    }

    // Version 4 has no destructor request: the proxy is only freed here.
    deinit { wl_proxy_destroy(proxy) }

    /// Moves the pointer to `point` in the output layout (points).
    package func move(to point: Point) {
        org_kde_kwin_fake_input_pointer_motion_absolute(proxy, wl_fixed_from_double(point.x), wl_fixed_from_double(point.y))
    }

    /// Presses (true) or releases `button`.
    package func button(_ pressed: Bool, _ button: UInt32 = PointerButton.left) {
        let state = pressed ? WL_POINTER_BUTTON_STATE_PRESSED.rawValue : WL_POINTER_BUTTON_STATE_RELEASED.rawValue
        org_kde_kwin_fake_input_button(proxy, button, state)
    }

    /// Scrolls `notches` wheel notches (negative: up), 15 units each as a mouse wheel sends them.
    package func scroll(notches: Int) {
        org_kde_kwin_fake_input_axis(proxy, WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue, wl_fixed_from_double(Double(notches) * 15))
    }

    /// Presses and releases each evdev key code in turn.
    package func tap(_ codes: [UInt32]) {
        for code in codes {
            org_kde_kwin_fake_input_keyboard_key(proxy, code, WL_KEYBOARD_KEY_STATE_PRESSED.rawValue)
            org_kde_kwin_fake_input_keyboard_key(proxy, code, WL_KEYBOARD_KEY_STATE_RELEASED.rawValue)
        }
    }

    /// Sends the queued requests and waits until the compositor has handled them and the client has
    /// received the events they caused.
    package func roundtrip() throws(WaylandError) { try client.connection.roundtrip() }

    /// Sends the queued requests without waiting.
    package func flush() throws(WaylandError) { try client.connection.flush() }
}
