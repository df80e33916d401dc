import CLibcExtensions
import CWaylandClient
import Glibc

/// A connection to a Wayland compositor: the wl_display, its file descriptor, and the read / dispatch /
/// flush cycle, each turning libwayland's failures into one `WaylandError`.
///
/// Either its own (`init(socket:)`: connects, dispatches the default queue, disconnects in deinit), or
/// borrowed from a host program (`init(borrowing:)`: the host's wl_display, with an event queue of our own,
/// so the host's loop and ours each dispatch only their own objects' events; GStreamer's waylandsink does
/// the same).
///
/// Single-threaded: every call must come from the thread that created the connection.
package final class WaylandConnection {
    /// The wl_display itself: for EGL, the socket, and reading events.
    package let display: OpaquePointer
    /// What new objects are created from: the display, or, when borrowed, a wrapper of it on our queue,
    /// so the registry, globals and everything made from them deliver their events to our queue.
    package let objectFactory: OpaquePointer
    /// Our event queue on a borrowed display; nil on our own (the default queue).
    private let queue: OpaquePointer?
    /// True when the display is the host's: it is not disconnected in deinit.
    package var isBorrowed: Bool { queue != nil }
    /// The socket to poll for reading; readable means events are waiting.
    package var fileDescriptor: Int32 { wl_display_get_fd(display) }
    /// The error that ended the connection, once one has.
    package private(set) var failure: WaylandError?

    /// Connects to `socket` (a name in XDG_RUNTIME_DIR or an absolute path), or to WAYLAND_DISPLAY when nil
    /// (libwayland's own rule, "wayland-0" when that is unset too).
    package init(socket: String? = nil) throws(WaylandError) {
        let connected: OpaquePointer? = if let socket { wl_display_connect(socket) } else { wl_display_connect(nil) }
        guard let connected else {
            let name = socket ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) }
            throw .noDisplay(socket: name, errno: errno)
        }
        display = connected
        objectFactory = connected
        queue = nil
    }

    /// Uses a host program's connection: `display` is its `struct wl_display *`, which must stay connected
    /// while this object lives. Our objects get an event queue of their own; the host keeps dispatching its
    /// own queue as before.
    package init(borrowing display: OpaquePointer) throws(WaylandError) {
        guard wl_display_get_error(display) == 0 else { throw .connectionLost(errno: wl_display_get_error(display)) }
        guard let queue = wl_display_create_queue(display) else { throw .connectionLost(errno: errno) }
        guard let wrapper = wl_proxy_create_wrapper(UnsafeMutableRawPointer(display)) else {
            wl_event_queue_destroy(queue)
            throw .connectionLost(errno: errno)
        }
        wl_proxy_set_queue(OpaquePointer(wrapper), queue)
        self.display = display
        self.queue = queue
        objectFactory = OpaquePointer(wrapper)
    }

    deinit {
        if let queue {
            wl_proxy_wrapper_destroy(UnsafeMutableRawPointer(objectFactory))
            // Events still queued for our destroyed objects are dropped with the queue.
            wl_event_queue_destroy(queue)
        } else {
            wl_display_disconnect(display)
        }
        // Everything made on this connection is gone (it held the connection): its EGL context and GL
        // objects, its buffers, its decorations.
        FreedMemory.returnToSystem()
    }

    /// Sends every request and waits until the compositor has handled them and sent every event they cause.
    package func roundtrip() throws(WaylandError) {
        let result = if let queue { wl_display_roundtrip_queue(display, queue) } else { wl_display_roundtrip(display) }
        if result < 0 { throw fail() }
    }

    /// True when our queue holds events read but not dispatched: another queue's read of the shared socket
    /// (the host's, another subsurface's) put them there, and the socket will not turn readable for them.
    package var hasQueuedEvents: Bool {
        // prepare_read refuses while the queue is not empty; when it agrees, the read is given back at once.
        if (queue.map { wl_display_prepare_read_queue(display, $0) } ?? wl_display_prepare_read(display)) != 0 { return true }
        wl_display_cancel_read(display)
        return false
    }

    /// Dispatches what our queue holds, without reading.
    private func dispatchQueued() -> Int32 {
        if let queue { wl_display_dispatch_queue_pending(display, queue) } else { wl_display_dispatch_pending(display) }
    }

    /// Writes queued requests to the socket. Returns false when the socket is full (wait for it to become
    /// writable and flush again); throws when the connection failed.
    @discardableResult
    package func flush() throws(WaylandError) -> Bool {
        try flushReportingEvents().written
    }

    /// `flush()`, also saying whether events were read (and dispatched) before the write: what they changed
    /// (a frame callback that lets the next frame be drawn) is not waited for by a poll of the socket.
    package func flushReportingEvents() throws(WaylandError) -> (written: Bool, eventsRead: Bool) {
        let read = try readWhatArrived()
        if wl_display_flush(display) >= 0 { return (true, read) }
        if errno == EAGAIN { return (false, read) }
        throw fail()
    }

    /// Reads and dispatches the events already waiting on the socket, without blocking. Done before each
    /// write: a compositor that finds a protocol error sends it and closes the connection, and a write
    /// after that fails with EPIPE, after which libwayland reads nothing more and the error's name is lost.
    /// Returns true when events were read.
    private func readWhatArrived() throws(WaylandError) -> Bool {
        try prepareRead()
        return try readPrepared(waitingAtMost: 0, alsoWaitingFor: [])
    }

    /// Dispatches what is queued until libwayland lets this thread read the socket.
    private func prepareRead() throws(WaylandError) {
        while (queue.map { wl_display_prepare_read_queue(display, $0) } ?? wl_display_prepare_read(display)) != 0 {
            if dispatchQueued() < 0 { throw fail() }
        }
    }

    /// After `prepareRead`: waits up to `seconds` (nil: without limit) for the socket to be readable, then
    /// reads and dispatches; cancels the read and returns false when nothing came. The wait is to the
    /// microsecond (ppoll), not rounded up to poll's milliseconds: a frame drawn at its deadline
    /// (`FrameDeadline`) wakes when it is due, not up to a millisecond after, past a compositor's latch.
    private func readPrepared(waitingAtMost seconds: Double?, alsoWaitingFor sources: [AuxiliaryEventSource]) throws(WaylandError) -> Bool {
        var ready: Int32 = 0
        var waylandReady = false
        let microseconds = seconds.map { Int64((min(max($0, 0), 1e6) * 1e6).rounded(.up)) } ?? -1
        withUnsafeTemporaryAllocation(of: pollfd.self, capacity: 1 + sources.count) { descriptors in
            descriptors[0] = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            for (i, source) in sources.enumerated() { descriptors[i + 1] = pollfd(fd: source.fileDescriptor, events: source.pollEvents, revents: 0) }
            repeat {
                ready = slider_poll_microseconds(descriptors.baseAddress, nfds_t(descriptors.count), microseconds)
            } while ready < 0 && errno == EINTR
            guard ready > 0 else { return }
            waylandReady = descriptors[0].revents != 0
            for (i, source) in sources.enumerated() where descriptors[i + 1].revents != 0 { source.process() }
        }
        guard waylandReady else {
            wl_display_cancel_read(display)
            if ready < 0 { throw fail() }
            return false
        }
        if wl_display_read_events(display) < 0 { throw fail() }
        if dispatchQueued() < 0 { throw fail() }
        return true
    }

    /// Waits up to `timeout` seconds (nil: without limit, 0: not at all) for events, reads what arrived and
    /// dispatches it to the listeners; a ready source of `sources` is processed too. Returns true when events were read. Uses libwayland's
    /// prepare-read protocol, so other threads reading the same display are not starved.
    @discardableResult
    package func dispatch(timeout: Double?, alsoWaitingFor sources: [AuxiliaryEventSource] = []) throws(WaylandError) -> Bool {
        try checkFailure()
        // Events that already arrived are read before anything is written (see `readWhatArrived`) and
        // handled now, not after waiting: the caller draws what they changed.
        if try readWhatArrived() { return true }
        try prepareRead()
        if wl_display_flush(display) < 0 && errno != EAGAIN {
            wl_display_cancel_read(display)
            throw fail()
        }
        return try readPrepared(waitingAtMost: timeout, alsoWaitingFor: sources)
    }

    /// Dispatches events already read, without reading the socket.
    package func dispatchPending() throws(WaylandError) {
        if dispatchQueued() < 0 { throw fail() }
    }

    /// Throws the error that ended the connection, if one has.
    package func checkFailure() throws(WaylandError) {
        if let failure { throw failure }
        if wl_display_get_error(display) != 0 { throw fail() }
    }

    /// Records and returns why the connection failed: a protocol error with its interface, or the errno.
    private func fail() -> WaylandError {
        if let failure { return failure }
        let code = wl_display_get_error(display)
        let error: WaylandError
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var id: UInt32 = 0
            let protocolCode = wl_display_get_protocol_error(display, &interface, &id)
            let name = interface.map { String(cString: $0.pointee.name) } ?? "unknown interface"
            error = .protocolError(interface: name, code: protocolCode)
        } else {
            error = .connectionLost(errno: code != 0 ? code : errno)
        }
        failure = error
        return error
    }
}
