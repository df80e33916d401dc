import CSystemdBus
import Glibc

/// One connection to a D-Bus bus through sd-bus: method calls with replies, signals, and a handler for the
/// method calls under an object path prefix. Not thread-safe: used from the thread that dispatches the
/// window, whose event loop polls `fileDescriptor` and calls `process()`. The test support (PrivateCompositors)
/// calls GNOME Shell's D-Bus interfaces through it too.
package final class DBusConnection {
    package let bus: OpaquePointer
    private var slots: [OpaquePointer] = []
    /// The method handlers registered with `handle(prefix:_:)`, kept alive here.
    private var handlers: [Handler] = []

    /// A method call under a registered prefix: return true when it was answered.
    package typealias MethodHandler = (_ call: DBusMethodCall) throws(DBusError) -> Bool

    final class Handler {
        let body: MethodHandler
        init(_ body: @escaping MethodHandler) { self.body = body }
    }

    /// Connects to the bus at `address` (a D-Bus address, "unix:path=..."), as a client that says Hello.
    package init(address: String) throws(DBusError) {
        var bus: OpaquePointer?
        var result = sd_bus_new(&bus)
        guard result >= 0, let bus else { throw .call("sd_bus_new", errno: -result) }
        result = address.withCString { sd_bus_set_address(bus, $0) }
        if result >= 0 { result = sd_bus_set_bus_client(bus, 1) }
        if result >= 0 { result = sd_bus_start(bus) }
        guard result >= 0 else {
            // Thrown before `self.bus` is set, so deinit does not close it a second time.
            sd_bus_flush_close_unref(bus)
            throw .call("connecting to the D-Bus bus at \(address)", errno: -result)
        }
        self.bus = bus
    }

    /// Connects to the session bus (DBUS_SESSION_BUS_ADDRESS), nil when there is none.
    package static func session() -> DBusConnection? {
        guard let address = getenv("DBUS_SESSION_BUS_ADDRESS").map({ String(cString: $0) }), !address.isEmpty else { return nil }
        return try? DBusConnection(address: address)
    }

    deinit {
        for slot in slots { sd_bus_slot_unref(slot) }
        sd_bus_flush_close_unref(bus)
    }

    /// This connection's unique name on the bus (":1.42").
    package var uniqueName: String {
        var name: UnsafePointer<CChar>?
        guard sd_bus_get_unique_name(bus, &name) >= 0, let name else { return "" }
        return String(cString: name)
    }

    /// Calls a method and waits for its reply (at most `timeout` seconds); `arguments` appends the call's
    /// arguments, `reply` reads the reply's.
    package func call<T>(_ destination: String, _ path: String, _ interface: String, _ member: String, timeout: Double = 5,
                 arguments: (inout DBusMessageWriter) -> Void = { _ in },
                 reply read: (DBusMessageReader) throws(DBusError) -> T) throws(DBusError) -> T {
        let message = try DBusConnection.message({ sd_bus_message_new_method_call(bus, &$0, destination, path, interface, member) },
                                                  "\(interface).\(member)", arguments)
        defer { sd_bus_message_unref(message) }
        var error = sd_bus_error()
        var reply: OpaquePointer?
        let result = sd_bus_call(bus, message, UInt64(timeout * 1_000_000), &error, &reply)
        defer { sd_bus_error_free(&error) }
        guard result >= 0, let reply else {
            if let name = error.name { throw .reply(name: String(cString: name), message: error.message.map { String(cString: $0) } ?? "") }
            throw .call("\(interface).\(member) on \(destination)", errno: -result)
        }
        defer { sd_bus_message_unref(reply) }
        return try read(DBusMessageReader(reply))
    }

    /// Sends a method call that wants no reply: nothing waits, and the peer sends none (a fire-and-forget
    /// request, such as a vibration). Throws when the message cannot be built or the connection broke.
    package func send(_ destination: String, _ path: String, _ interface: String, _ member: String,
                      arguments: (inout DBusMessageWriter) -> Void) throws(DBusError) {
        let message = try DBusConnection.message({ sd_bus_message_new_method_call(bus, &$0, destination, path, interface, member) },
                                                  "\(interface).\(member)", arguments)
        defer { sd_bus_message_unref(message) }
        var result = sd_bus_message_set_expect_reply(message, 0)
        if result >= 0 { result = sd_bus_send(bus, message, nil) }
        guard result >= 0 else { throw .call("\(interface).\(member) to \(destination)", errno: -result) }
    }

    /// Asks the bus for the well-known `name` (at once, not queued); throws when another connection has it.
    package func requestName(_ name: String) throws(DBusError) {
        let result = sd_bus_request_name(bus, name, 0)
        guard result >= 0 else { throw .call("requesting the name \(name)", errno: -result) }
    }

    /// Emits a signal from `path`.
    package func emit(_ path: String, _ interface: String, _ member: String, arguments: (inout DBusMessageWriter) -> Void) throws(DBusError) {
        let message = try DBusConnection.message({ sd_bus_message_new_signal(bus, &$0, path, interface, member) },
                                                  "the signal \(interface).\(member)", arguments)
        defer { sd_bus_message_unref(message) }
        let result = sd_bus_send(bus, message, nil)
        guard result >= 0 else { throw .call("sd_bus_send(\(member))", errno: -result) }
    }

    /// A new message made by `create` (an sd_bus_message_new_* call), with what `body` appends; the caller
    /// unrefs it. `what` names it in errors.
    package static func message(_ create: (inout OpaquePointer?) -> Int32, _ what: String,
                        _ body: (inout DBusMessageWriter) -> Void) throws(DBusError) -> OpaquePointer {
        var message: OpaquePointer?
        let result = create(&message)
        guard result >= 0, let message else { throw .call("creating \(what)", errno: -result) }
        var writer = DBusMessageWriter(message)
        body(&writer)
        guard writer.failure == 0 else {
            sd_bus_message_unref(message)
            throw .call("building \(what)", errno: writer.failure)
        }
        return message
    }

    /// Answers the method calls to `prefix` and every path under it with `handler`; a call it does not
    /// answer gets sd-bus's UnknownMethod / UnknownObject error.
    package func handle(prefix: String, _ handler: @escaping MethodHandler) throws(DBusError) {
        let box = Handler(handler)
        var slot: OpaquePointer?
        let result = sd_bus_add_fallback(bus, &slot, prefix, { message, userdata, errorOut in
            guard let message, let userdata else { return 0 }
            let handler = Unmanaged<Handler>.fromOpaque(userdata).takeUnretainedValue()
            do throws(DBusError) {
                return try handler.body(DBusMethodCall(message: message)) ? 1 : 0
            } catch {
                return DBusConnection.setError(error, errorOut)
            }
        }, Unmanaged.passUnretained(box).toOpaque())
        guard result >= 0, let slot else { throw .call("sd_bus_add_fallback(\(prefix))", errno: -result) }
        handlers.append(box)
        slots.append(slot)
    }

    /// Puts `error` into sd-bus's reply error; returns its negative errno, as a handler does.
    private static func setError(_ error: DBusError, _ out: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        let name: String, text: String
        switch error {
        case .reply(let replyName, let message): (name, text) = (replyName, message)
        case .call(let call, let errno): (name, text) = ("org.freedesktop.DBus.Error.Failed", "\(call): errno \(errno)")
        }
        return name.withCString { n in text.withCString { t in sd_bus_error_set(out, n, t) } }
    }

    // MARK: Event loop

    /// The connection's socket, for the window's poll.
    package var fileDescriptor: Int32 { sd_bus_get_fd(bus) }
    /// The poll events to wait for (POLLIN, and POLLOUT while output is queued).
    package var pollEvents: Int16 { Int16(truncatingIfNeeded: max(0, sd_bus_get_events(bus))) }

    /// Handles everything that arrived and sends what is queued, without waiting. Throws when the
    /// connection broke.
    package func process() throws(DBusError) {
        while true {
            let result = sd_bus_process(bus, nil)
            if result < 0 { throw .call("sd_bus_process", errno: -result) }
            if result == 0 { break }
        }
        _ = sd_bus_flush(bus)
    }
}

/// A method call being answered: its path, interface, member and arguments, and its reply.
package struct DBusMethodCall {
    package let message: OpaquePointer

    package var path: String { sd_bus_message_get_path(message).map { String(cString: $0) } ?? "" }
    package var interface: String { sd_bus_message_get_interface(message).map { String(cString: $0) } ?? "" }
    package var member: String { sd_bus_message_get_member(message).map { String(cString: $0) } ?? "" }
    package var arguments: DBusMessageReader { DBusMessageReader(message) }

    /// Sends the reply, with what `body` appends.
    package func reply(_ body: (inout DBusMessageWriter) -> Void = { _ in }) throws(DBusError) {
        let reply = try DBusConnection.message({ sd_bus_message_new_method_return(message, &$0) }, "the reply to \(member)", body)
        defer { sd_bus_message_unref(reply) }
        let result = sd_bus_send(nil, reply, nil)
        guard result >= 0 else { throw .call("sd_bus_send (reply to \(member))", errno: -result) }
    }
}
