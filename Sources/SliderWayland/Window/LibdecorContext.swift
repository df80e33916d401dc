import CLibdecor
import Glibc

/// libdecor's context on a connection of our own, made when the first window needs client-side
/// decorations (the compositor draws none: weston, GNOME). Its objects live on the connection's default
/// queue, which our event loop dispatches. Released with the last window that uses it.
final class LibdecorContext {
    let pointer: OpaquePointer
    /// Held so the display outlives the proxies libdecor destroys in `libdecor_unref`.
    private let connection: WaylandConnection

    /// nil when libdecor cannot start (it then said why on standard error).
    init?(connection: WaylandConnection) {
        guard !connection.isBorrowed, let context = libdecor_new(connection.display, LibdecorContext.interface) else { return nil }
        pointer = context
        self.connection = connection
    }

    deinit { libdecor_unref(pointer) }

    nonisolated(unsafe) private static let interface: UnsafeMutablePointer<libdecor_interface> = {
        let table = UnsafeMutablePointer<libdecor_interface>.allocate(capacity: 1)
        var interface = libdecor_interface()
        interface.error = { _, _, message in
            let text = "WaylandSlider: libdecor: \(message.map { String(cString: $0) } ?? "error")\n"
            _ = text.withCString { write(2, $0, strlen($0)) }
        }
        table.initialize(to: interface)
        return table
    }()
}
