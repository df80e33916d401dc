import SliderDBus
import CSystemdBus
import Glibc
import SliderCore

/// The AT-SPI 2 bridge of one window: publishes its sliders on the accessibility bus, where screen readers
/// (Orca), switch access and UI test drivers (pyatspi) find, read and adjust them.
///
/// `start` asks the session bus's `org.a11y.Bus` for the accessibility bus (or takes `AT_SPI_BUS_ADDRESS`),
/// connects, and embeds the application with the registry (`org.a11y.atspi.Socket.Embed`). The tree is
/// application → window (frame) → one slider per slider (a range slider has two slider children, its
/// "minimum" and "maximum" thumbs). Calls are answered from the window's own loop (`fileDescriptor`,
/// `process()`); `update()`, after each iteration, sends the events for what changed: values from any
/// source, focus, names, sliders added and removed.
///
/// Off, with no error, no connection and no thread, when `NO_AT_BRIDGE=1` or no accessibility bus runs:
/// `start` returns nil. It does not start one (no D-Bus activation of `org.a11y.Bus`).
package final class AccessibilityBridge {
    /// Where to look for the accessibility bus.
    package enum Bus: Equatable, Sendable {
        /// `AT_SPI_BUS_ADDRESS`, else `org.a11y.Bus` on the session bus of `DBUS_SESSION_BUS_ADDRESS`.
        case automatic
        /// `org.a11y.Bus` on the session bus at this address.
        case session(address: String)
    }

    let connection: DBusConnection
    weak var host: AccessibilityHost?
    let applicationName: String
    /// The registry's desktop: the application's parent, once `Embed` has answered.
    var desktop = AccessibleReference.null
    /// The id the registry gave the application (Application.Id).
    var applicationID: Int32 = 0
    private var embedSlot: OpaquePointer?
    /// What was last published per slider, by the bridge's id.
    var published: [Published] = []
    private var nextID = 1
    /// Set once the connection broke: the bridge then does nothing.
    private(set) var isClosed = false

    struct Published {
        let id: Int
        weak var slider: Slider?
        var values: (Double, Double)
        var isFocused: Bool
        var isEnabled: Bool
        var name: String
    }

    /// Connects to the accessibility bus and embeds the application; nil when there is none (see the type).
    package static func start(bus: Bus = .automatic, applicationName: String, host: AccessibilityHost) -> AccessibilityBridge? {
        if let opt = getenv("NO_AT_BRIDGE"), String(cString: opt) == "1" { return nil }
        guard let address = accessibilityBusAddress(bus), let connection = try? DBusConnection(address: address) else { return nil }
        return try? AccessibilityBridge(connection: connection, applicationName: applicationName, host: host)
    }

    /// The accessibility bus's address: `AT_SPI_BUS_ADDRESS`, or `org.a11y.Bus.GetAddress` on the session
    /// bus when `org.a11y.Bus` has an owner (asking a name without one would have D-Bus start it).
    static func accessibilityBusAddress(_ bus: Bus) -> String? {
        var sessionAddress: String?
        switch bus {
        case .automatic:
            if let direct = getenv("AT_SPI_BUS_ADDRESS").map({ String(cString: $0) }), !direct.isEmpty { return direct }
            sessionAddress = getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) }
        case .session(let address): sessionAddress = address
        }
        guard let sessionAddress, !sessionAddress.isEmpty, let session = try? DBusConnection(address: sessionAddress) else { return nil }
        let running = try? session.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                                        arguments: { $0.string("org.a11y.Bus") }) { reply throws(DBusError) in
            var owned: Int32 = 0
            guard sd_bus_message_read_basic(reply.message, CChar(UInt8(ascii: "b")), &owned) > 0 else { throw .call("NameHasOwner", errno: EBADMSG) }
            return owned != 0
        }
        guard running == true else { return nil }
        return try? session.call("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress") { reply throws(DBusError) in try reply.string() }
    }

    init(connection: DBusConnection, applicationName: String, host: AccessibilityHost) throws(DBusError) {
        self.connection = connection
        self.applicationName = applicationName
        self.host = host
        try connection.handle(prefix: Atspi.objectPrefix) { [unowned self] call throws(DBusError) in try answer(call) }
        try connection.handle(prefix: Atspi.cachePath) { call throws(DBusError) in
            // No cache: libatspi then asks object by object. An empty list keeps it from warning.
            guard call.interface == Atspi.Interface.cache, call.member == "GetItems" else { return false }
            try call.reply { $0.container("a", "((so)(so)(so)iiassusau)") { _ in } }
            return true
        }
        update()
        try embed()
        // Screen readers follow the active window (Orca speaks focus changes in it only).
        emit(.window, "Activate", "", 0, 0, interface: Atspi.Interface.windowEvents) { $0.container("v", "i") { $0.int32(0) } }
    }

    deinit {
        if let embedSlot { sd_bus_slot_unref(embedSlot) }
    }

    /// A reference to one of this application's objects.
    func reference(_ object: AccessibleObject) -> AccessibleReference {
        AccessibleReference(busName: connection.uniqueName, path: object.path)
    }

    /// Asks the registry to embed the application (without waiting: its answer is the desktop, the
    /// application's parent).
    private func embed() throws(DBusError) {
        let message = try DBusConnection.message({ sd_bus_message_new_method_call(connection.bus, &$0, Atspi.registry, Atspi.rootPath,
                                                                                   Atspi.Interface.socket, "Embed") },
                                                  "Embed", { $0.reference(reference(.application)) })
        defer { sd_bus_message_unref(message) }
        let result = sd_bus_call_async(connection.bus, &embedSlot, message, { reply, userdata, _ in
            guard let reply, let userdata, sd_bus_message_is_method_error(reply, nil) == 0 else { return 0 }
            let bridge = Unmanaged<AccessibilityBridge>.fromOpaque(userdata).takeUnretainedValue()
            if let desktop = try? DBusMessageReader(reply).reference() { bridge.desktop = desktop }
            return 0
        }, Unmanaged.passUnretained(self).toOpaque(), 5_000_000)
        guard result >= 0 else { throw .call("Embed", errno: -result) }
    }

    // MARK: Event loop

    /// The accessibility bus's socket: poll it with the window's.
    package var fileDescriptor: Int32 { isClosed ? -1 : connection.fileDescriptor }
    /// What to poll it for.
    package var pollEvents: Int16 { connection.pollEvents }

    /// Answers what arrived and sends what is queued. A broken connection closes the bridge (the window
    /// goes on without it).
    package func process() {
        guard !isClosed else { return }
        do { try connection.process() } catch { isClosed = true }
    }

    // MARK: Events

    /// The slider published under `id`.
    func slider(_ id: Int) -> Slider? { published.first { $0.id == id }?.slider }

    /// Sends the events for what changed since the last call: sliders added or removed
    /// (object:children-changed), values (object:property-change:accessible-value), focus
    /// (object:state-changed:focused), names (object:property-change:accessible-name), enabled.
    package func update() {
        guard !isClosed, let host else { return }
        let sliders = host.accessibleSliders
        let focus = host.accessibleFocus
        for (index, entry) in published.enumerated().reversed() where entry.slider.map({ s in !sliders.contains { $0 === s } }) ?? true {
            published.remove(at: index)
            emit(.window, "ChildrenChanged", "remove", index, 0) { $0.container("v", "(so)") { $0.reference(self.reference(.slider(entry.id))) } }
        }
        for (index, slider) in sliders.enumerated() {
            let values = (slider.value, slider.upperValue)
            guard let i = published.firstIndex(where: { $0.slider === slider }) else {
                let entry = Published(id: nextID, slider: slider, values: values, isFocused: slider === focus, isEnabled: slider.isEnabled,
                                      name: slider.accessibilityName)
                nextID += 1
                published.insert(entry, at: min(index, published.count))
                emit(.window, "ChildrenChanged", "add", index, 0) { $0.container("v", "(so)") { $0.reference(self.reference(.slider(entry.id))) } }
                continue
            }
            var entry = published[i]
            let id = entry.id
            if values.0 != entry.values.0 {
                emitValue(values.0, from: .slider(id))
                if slider.isRange { emitValue(values.0, from: .thumb(id, 0)) }
            }
            if slider.isRange && values.1 != entry.values.1 {
                emitValue(values.1, from: .thumb(id, 1))
                if values.0 == entry.values.0 { emitValue(values.0, from: .slider(id)) }
            }
            if (slider === focus) != entry.isFocused {
                emit(.slider(id), "StateChanged", "focused", slider === focus ? 1 : 0, 0) { $0.container("v", "i") { $0.int32(0) } }
            }
            if slider.isEnabled != entry.isEnabled {
                for state in ["enabled", "sensitive"] {
                    emit(.slider(id), "StateChanged", state, slider.isEnabled ? 1 : 0, 0) { $0.container("v", "i") { $0.int32(0) } }
                }
            }
            let name = slider.accessibilityName
            if name != entry.name {
                emit(.slider(id), "PropertyChange", "accessible-name", 0, 0) { $0.container("v", "s") { $0.string(name) } }
            }
            entry.values = values
            entry.isFocused = slider === focus
            entry.isEnabled = slider.isEnabled
            entry.name = name
            published[i] = entry
        }
        process()
    }

    private func emitValue(_ value: Double, from object: AccessibleObject) {
        emit(object, "PropertyChange", "accessible-value", 0, 0) { $0.container("v", "d") { $0.double(value) } }
    }

    /// An AT-SPI event signal (siiva{sv}) from `object`: org.a11y.atspi.Event.Object unless named.
    private func emit(_ object: AccessibleObject, _ member: String, _ detail: String, _ detail1: Int, _ detail2: Int,
                      interface: String = Atspi.Interface.objectEvents, data: (inout DBusMessageWriter) -> Void) {
        do {
            try connection.emit(object.path, interface, member) { w in
                w.string(detail)
                w.int32(Int32(clamping: detail1))
                w.int32(Int32(clamping: detail2))
                data(&w)
                w.container("a", "{sv}") { _ in }
            }
        } catch {
            isClosed = true
        }
    }
}
