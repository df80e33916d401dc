import CSliderTestInput
import CWaylandClient
import SliderCore
@_spi(Internals) import SliderWayland

/// A pointer of wlroots' virtual-pointer protocol (sway offers it; its headless seat has no pointer of its
/// own), bound on a window's connection. Positions are absolute in the output layout, which the caller
/// gives in points (`extent`): a window that fills the output at (0, 0) has surface points equal to them.
package final class VirtualPointer {
    package struct Failure: Error, CustomStringConvertible { package let description: String }

    private let client: WaylandClient
    private let manager: OpaquePointer
    private let proxy: OpaquePointer
    /// The output layout's size in points (it changes when an output turns or changes scale).
    package var extent: Size
    private var time: UInt32 = 1

    /// Creates a virtual pointer on the seat of `surface`'s compositor, over an output layout `extent`
    /// points large.
    package convenience init(surface: FrameLoop, extent: Size) throws {
        try self.init(client: surface.client, extent: extent)
    }

    package init(client: WaylandClient, extent: Size) throws {
        guard let global = client.globals.registry.first("zwlr_virtual_pointer_manager_v1"),
              let (manager, _) = client.globals.registry.bind(global, interface: slider_zwlr_virtual_pointer_manager_v1_interface_address(), supported: 1) else {
            throw Failure(description: "the compositor offers no zwlr_virtual_pointer_manager_v1")
        }
        guard let proxy = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, nil) else {
            zwlr_virtual_pointer_manager_v1_destroy(manager)
            throw Failure(description: "create_virtual_pointer failed")
        }
        self.client = client
        self.manager = manager
        self.proxy = proxy
        self.extent = extent
    }

    deinit {
        zwlr_virtual_pointer_v1_destroy(proxy)
        zwlr_virtual_pointer_manager_v1_destroy(manager)
        _ = try? client.connection.flush()
    }

    /// The event's time: milliseconds on CLOCK_MONOTONIC, as a real device's (sway passes it on to clients),
    /// at least one after the last.
    private func tick() -> UInt32 {
        time = max(time &+ 1, UInt32(truncatingIfNeeded: Int64(MonotonicTime.seconds() * 1000)))
        return time
    }

    /// Moves the pointer to `point` (motion + frame). Positions are whole points: the protocol's are integers
    /// in the extent's units.
    package func move(to point: Point) {
        let x = UInt32(max(0, min(extent.width, point.x.rounded()))), y = UInt32(max(0, min(extent.height, point.y.rounded())))
        zwlr_virtual_pointer_v1_motion_absolute(proxy, tick(), x, y, UInt32(extent.width), UInt32(extent.height))
        zwlr_virtual_pointer_v1_frame(proxy)
    }

    /// Presses (true) or releases `button` (+ frame).
    package func button(_ pressed: Bool, _ button: UInt32 = PointerButton.left) {
        let state = pressed ? WL_POINTER_BUTTON_STATE_PRESSED.rawValue : WL_POINTER_BUTTON_STATE_RELEASED.rawValue
        zwlr_virtual_pointer_v1_button(proxy, tick(), button, state)
        zwlr_virtual_pointer_v1_frame(proxy)
    }

    /// Turns the wheel `notches` notches (negative: up) as a mouse wheel does: axis source wheel, one
    /// vertical axis_discrete of 15 per notch, frame.
    package func scroll(notches: Int) {
        zwlr_virtual_pointer_v1_axis_source(proxy, WL_POINTER_AXIS_SOURCE_WHEEL.rawValue)
        zwlr_virtual_pointer_v1_axis_discrete(proxy, tick(), WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue, wl_fixed_from_double(15 * Double(notches)), Int32(notches))
        zwlr_virtual_pointer_v1_frame(proxy)
    }

    /// Sends the queued requests and waits until the compositor has handled them and the client has
    /// received the events they caused.
    package func roundtrip() throws(WaylandError) { try client.connection.roundtrip() }

    /// Sends the queued requests without waiting.
    package func flush() throws(WaylandError) { try client.connection.flush() }
}
