/// One connection to a compositor and the parts that serve it, wired together: the globals, the outputs,
/// input delivery and the event loop, and libdecor's context once a window needs it. It holds no state of
/// its own but the start-up timeline, and does nothing itself: each part does one thing.
///
/// A window opens its own (`init(socket:)`); an embedded surface borrows its host's display
/// (`init(borrowing:)`). Whatever lives on the connection (roles, surfaces, presenters, frame loops) holds
/// this object strongly, so the connection closes with its last user; the parts point back to nothing
/// that holds them.
package final class WaylandClient {
    package let connection: WaylandConnection
    package let globals: Globals
    package let outputs: Outputs
    package let input: InputDelivery
    package let eventLoop: EventLoop
    /// When each step of starting up ended, from connecting to the first frame committed (the frame loop
    /// adds its steps).
    package var startup: StartupTimeline
    private var libdecor: LibdecorContext?

    /// Connects to `socket` (WAYLAND_DISPLAY when nil) and binds the globals.
    package convenience init(socket: String? = nil) throws(WaylandError) {
        let start = MonotonicTime.seconds()
        try self.init(connection: WaylandConnection(socket: socket), start: start)
    }

    /// Binds the globals on a host program's connection (`struct wl_display *`), on an event queue of our own:
    /// see `WaylandConnection.init(borrowing:)`. wl_subcompositor is required.
    package convenience init(borrowing display: OpaquePointer) throws(WaylandError) {
        let start = MonotonicTime.seconds()
        try self.init(connection: WaylandConnection(borrowing: display), start: start)
    }

    private init(connection: WaylandConnection, start: Double) throws(WaylandError) {
        self.connection = connection
        startup = StartupTimeline(start: start)
        startup.mark("connected")
        globals = try Globals(connection: connection)
        outputs = Outputs(registry: globals.registry)
        input = InputDelivery(globals: globals)
        eventLoop = EventLoop(connection: connection, input: input, globals: globals)
        globals.registry.onGlobalAdded = { [weak outputs, weak input] global in
            outputs?.globalAdded(global)
            input?.globalAdded(global)
        }
        globals.registry.onGlobalRemoved = { [weak outputs, weak input] name in
            outputs?.globalRemoved(name)
            input?.globalRemoved(name)
        }
        // Seat capabilities, output scales and the presentation clock arrive in reply to the binds.
        try connection.roundtrip()
        startup.mark("globals bound")
    }

    deinit {
        globals.registry.onGlobalAdded = nil
        globals.registry.onGlobalRemoved = nil
    }

    /// libdecor's context on this connection, made on first use; nil on a borrowed connection or when
    /// libdecor cannot start (the window then goes undecorated).
    func libdecorContext() -> LibdecorContext? {
        if libdecor == nil { libdecor = LibdecorContext(connection: connection) }
        return libdecor
    }
}
