import CWaylandClient

/// One global the compositor offers: its registry name, interface and highest version.
package struct Global: Equatable, Sendable {
    package var name: UInt32
    package var interface: String
    package var version: UInt32
}

/// The wl_registry: every global the compositor offers, kept up to date as globals come and go, and the
/// binding of one at `min(offered, supported)`.
package final class Registry {
    /// The wl_registry proxy.
    package let proxy: OpaquePointer
    /// Held so the display outlives the registry proxy destroyed in deinit.
    private let connection: WaylandConnection
    /// The globals offered now, in the order they were announced.
    package private(set) var globals: [Global] = []
    /// Called for a global announced after the first round trip (an output plugged in, a seat added).
    var onGlobalAdded: ((Global) -> Void)?
    /// Called with the registry name of a global that went away.
    var onGlobalRemoved: ((UInt32) -> Void)?

    /// Gets the registry and waits one round trip, so `globals` holds everything offered at start-up.
    init(connection: WaylandConnection) throws(WaylandError) {
        self.connection = connection
        guard let registry = wl_display_get_registry(connection.objectFactory) else { throw .connectionLost(errno: 0) }
        proxy = registry
        // The registry lives as long as this object, which destroys it in deinit: unretained is safe.
        wl_registry_add_listener(registry, Registry.listener, Unmanaged.passUnretained(self).toOpaque())
        try connection.roundtrip()
    }

    deinit { wl_registry_destroy(proxy) }

    /// The first offered global with this interface name.
    package func first(_ interface: String) -> Global? { globals.first { $0.interface == interface } }

    /// Binds `global` at `min(offered, supported)`; returns the proxy and the version bound.
    package func bind(_ global: Global, interface: UnsafePointer<wl_interface>, supported: UInt32) -> (OpaquePointer, UInt32)? {
        let version = min(global.version, supported)
        guard let raw = wl_registry_bind(proxy, global.name, interface, version) else { return nil }
        return (OpaquePointer(raw), version)
    }

    /// Binds the first global named `name`, or throws `missingGlobal` when it is absent or older than `minimum`.
    func bindRequired(_ name: String, interface: UnsafePointer<wl_interface>, minimum: UInt32, supported: UInt32)
        throws(WaylandError) -> (OpaquePointer, UInt32) {
        guard let global = first(name), global.version >= minimum,
              let bound = bind(global, interface: interface, supported: supported) else {
            throw .missingGlobal(name, minimumVersion: minimum)
        }
        return bound
    }

    /// Binds the first global named `name` when offered.
    func bindOptional(_ name: String, interface: UnsafePointer<wl_interface>, supported: UInt32) -> (OpaquePointer, UInt32)? {
        first(name).flatMap { bind($0, interface: interface, supported: supported) }
    }

    // MARK: wl_registry listener

    nonisolated(unsafe) private static let listener: UnsafePointer<wl_registry_listener> = {
        let table = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        table.initialize(to: wl_registry_listener(global: registryGlobal, global_remove: registryGlobalRemove))
        return UnsafePointer(table)
    }()

    private static let registryGlobal: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UInt32, UnsafePointer<CChar>?, UInt32) -> Void = {
        data, _, name, interface, version in
        guard let data, let interface else { return }
        let registry = Unmanaged<Registry>.fromOpaque(data).takeUnretainedValue()
        let global = Global(name: name, interface: String(cString: interface), version: version)
        registry.globals.append(global)
        registry.onGlobalAdded?(global)
    }

    private static let registryGlobalRemove: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UInt32) -> Void = {
        data, _, name in
        guard let data else { return }
        let registry = Unmanaged<Registry>.fromOpaque(data).takeUnretainedValue()
        registry.globals.removeAll { $0.name == name }
        registry.onGlobalRemoved?(name)
    }
}
