import CWaylandClient

/// A wl_output: a monitor (or a headless compositor's virtual one), with the scale and mode it announces.
package final class Output {
    /// The registry name this output was bound from.
    package let globalName: UInt32
    let proxy: OpaquePointer
    /// The integer scale factor the compositor asks clients to render at on this output (wl_output.scale).
    package private(set) var scale: Int32 = 1
    /// The current mode in device pixels and its refresh rate in mHz (0 when unknown), as the hardware has it:
    /// before the output's transform.
    package private(set) var pixelWidth: Int32 = 0, pixelHeight: Int32 = 0, refreshMillihertz: Int32 = 0
    /// The output's transform (wl_output.transform): 90 and 270 degrees turn the mode on its side.
    package private(set) var transform: Int32 = 0

    /// The output's size in device pixels as windows see it: the mode, turned by the transform.
    package var transformedPixelSize: (width: Int32, height: Int32) {
        // WL_OUTPUT_TRANSFORM_90, _270, _FLIPPED_90 and _FLIPPED_270 are the odd values.
        transform % 2 == 1 ? (pixelHeight, pixelWidth) : (pixelWidth, pixelHeight)
    }
    /// Called after a `done` event when the scale changed.
    var onScaleChanged: (() -> Void)?
    private var pendingScale: Int32 = 1

    /// Held so the display outlives the proxy destroyed in deinit (a copy of `Outputs.all` may outlive the client).
    private let registry: Registry

    init(globalName: UInt32, proxy: OpaquePointer, registry: Registry) {
        self.registry = registry
        self.globalName = globalName
        self.proxy = proxy
        // The proxy is destroyed in deinit, so no event can reach a released object.
        wl_output_add_listener(proxy, Output.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if wl_proxy_get_version(proxy) >= 3 { wl_output_release(proxy) } else { wl_output_destroy(proxy) }
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> Output? {
        data.map { Unmanaged<Output>.fromOpaque($0).takeUnretainedValue() }
    }

    nonisolated(unsafe) private static let listener: UnsafePointer<wl_output_listener> = {
        let table = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)
        table.initialize(to: wl_output_listener(
            geometry: { data, _, _, _, _, _, _, _, _, transform in from(data)?.transform = transform },
            mode: { data, _, flags, width, height, refresh in
                guard let output = from(data), flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 else { return }
                output.pixelWidth = width
                output.pixelHeight = height
                output.refreshMillihertz = refresh
            },
            done: { data, _ in
                guard let output = from(data), output.pendingScale != output.scale else { return }
                output.scale = output.pendingScale
                output.onScaleChanged?()
            },
            scale: { data, _, factor in from(data)?.pendingScale = max(factor, 1) },
            name: { _, _, _ in },
            description: { _, _, _ in }))
        return UnsafePointer(table)
    }()
}
