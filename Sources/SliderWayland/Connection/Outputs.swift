import CWaylandClient
import CWaylandProtocols

/// The wl_outputs the compositor offers now, bound as they come and released as they go. A surface that
/// follows the scale of its outputs registers here to re-pick its scale when one comes, goes or changes.
package final class Outputs {
    /// The outputs (monitors) offered now.
    package private(set) var all: [Output] = []
    private let registry: Registry
    /// The surfaces to tell when an output came, went or changed its scale; held weakly.
    private var observers: [WeakSurface] = []

    private struct WeakSurface {
        weak var surface: WaylandSurface?
    }

    init(registry: Registry) {
        self.registry = registry
        for global in registry.globals { globalAdded(global) }
    }

    /// Binds an output announced by the registry.
    func globalAdded(_ global: Global) {
        guard global.interface == "wl_output",
              let (proxy, _) = registry.bind(global, interface: slider_wl_output_interface(), supported: 3) else { return }
        let output = Output(globalName: global.name, proxy: proxy, registry: registry)
        output.onScaleChanged = { [weak self] in self?.changed() }
        all.append(output)
    }

    /// Releases an output the registry says is gone.
    func globalRemoved(_ name: UInt32) {
        guard all.contains(where: { $0.globalName == name }) else { return }
        all.removeAll { $0.globalName == name }
        changed()
    }

    /// The `Output` of an output proxy, if it is one we bound.
    func output(for proxy: OpaquePointer) -> Output? { all.first { $0.proxy == proxy } }

    /// Tells `surface` (held weakly) when outputs change.
    func observe(_ surface: WaylandSurface) {
        observers.removeAll { $0.surface == nil }
        observers.append(WeakSurface(surface: surface))
    }

    private func changed() {
        observers.removeAll { $0.surface == nil }
        for observer in observers { observer.surface?.outputsChanged() }
    }
}
