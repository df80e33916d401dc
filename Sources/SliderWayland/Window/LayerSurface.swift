import CWaylandClient
import CWaylandProtocols
import SliderCore

/// A surface shown as a layer surface (`LayerPlacement`): anchored to output edges, in a layer, at the size
/// the compositor configures (the requested size on an axis it leaves to us). No buffer is attached before
/// the first configure; `closed` (its output went) is a close request. Never fullscreen.
package final class LayerSurface: WindowRole {
    package let surface: WaylandSurface
    private let layerSurface: OpaquePointer
    /// Held strongly: the connection must outlive the proxies this object destroys in deinit.
    private let client: WaylandClient
    /// The size asked for, taken on an axis the compositor leaves to us (configure 0).
    private let requestedSize: Size
    package private(set) var size: Size
    package private(set) var isConfigured = false
    package private(set) var isCloseRequested = false
    package let isFullscreen = false
    package var onGeometryChanged: (() -> Void)?
    /// Never called: a layer surface has no state of its own to commit.
    package var onNeedsCommit: (() -> Void)?

    /// Creates the surface and role, sets its placement and commits once without a buffer, asking for the
    /// first configure. Throws `missingGlobal` where the compositor offers no layer shell, `invalidSize` for
    /// a size outside 1...16384 points or a margin outside 0...4096.
    package init(client: WaylandClient, configuration: WindowConfiguration, placement: LayerPlacement) throws(WaylandError) {
        let width = configuration.size.width, height = configuration.size.height
        guard width.isFinite, height.isFinite, width >= 1, height >= 1, width <= 16384, height <= 16384 else {
            throw .invalidSize(width: width, height: height)
        }
        guard placement.margin.isFinite, placement.margin >= 0, placement.margin <= 4096 else {
            throw .invalidSize(width: placement.margin, height: placement.margin)
        }
        guard let shell = client.globals.layerShell else { throw .missingGlobal("zwlr_layer_shell_v1", minimumVersion: 1) }
        self.client = client
        requestedSize = Size(width: width.rounded(), height: height.rounded())
        size = requestedSize
        surface = try WaylandSurface(client: client, followsOutputs: true)
        surface.contentSizeChanged(to: size)
        guard let layerSurface = zwlr_layer_shell_v1_get_layer_surface(shell.proxy, surface.proxy, nil, placement.layer.rawValue,
                                                                       configuration.appID) else {
            throw .connectionLost(errno: 0)
        }
        self.layerSurface = layerSurface
        zwlr_layer_surface_v1_add_listener(layerSurface, LayerSurface.listener, Unmanaged.passUnretained(self).toOpaque())
        let anchor = placement.anchor
        let spansWidth = anchor.contains(.left) && anchor.contains(.right), spansHeight = anchor.contains(.top) && anchor.contains(.bottom)
        zwlr_layer_surface_v1_set_size(layerSurface, spansWidth ? 0 : UInt32(requestedSize.width), spansHeight ? 0 : UInt32(requestedSize.height))
        zwlr_layer_surface_v1_set_anchor(layerSurface, anchor.rawValue)
        // A dock keeps others clear by its height at the top or bottom edge, by its width at a side.
        var zone: Int32 = 0
        if placement.reservesSpace {
            if anchor.contains(.top) != anchor.contains(.bottom) {
                zone = Int32(requestedSize.height)
            } else if anchor.contains(.left) != anchor.contains(.right) {
                zone = Int32(requestedSize.width)
            }
        }
        zwlr_layer_surface_v1_set_exclusive_zone(layerSurface, zone)
        let margin = Int32(placement.margin.rounded())
        zwlr_layer_surface_v1_set_margin(layerSurface, margin, margin, margin, margin)
        // Keys when the user clicks it (on demand, version 4), never taken from the application below.
        zwlr_layer_surface_v1_set_keyboard_interactivity(layerSurface, shell.version >= 4
            ? ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_ON_DEMAND.rawValue : ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE.rawValue)
        try surface.commit(.unchanged)
    }

    deinit { zwlr_layer_surface_v1_destroy(layerSurface) }

    /// A layer surface is placed, not fullscreen.
    package func setFullscreen(_ fullscreen: Bool) {}

    /// A layer surface has no per-commit state of its own.
    package func prepareCommit() {}

    /// Takes the configured size (the requested one on an axis configured 0); a side past
    /// `WindowConfiguration.maximumSide`, or a size that does not fit `SurfaceScale.maximumPixelArea` at
    /// scale 1, keeps the current size.
    private func configured(serial: UInt32, width: UInt32, height: UInt32) {
        zwlr_layer_surface_v1_ack_configure(layerSurface, serial)
        var next = Size(width: width > 0 ? Double(width) : requestedSize.width, height: height > 0 ? Double(height) : requestedSize.height)
        if max(next.width, next.height) > WindowConfiguration.maximumSide || !SurfaceScale.fitsAtOne(next) { next = size }
        let changed = !isConfigured || next != size
        if next != size {
            size = next
            surface.contentSizeChanged(to: size)
        }
        isConfigured = true
        if changed { onGeometryChanged?() }
    }

    nonisolated(unsafe) private static let listener: UnsafePointer<zwlr_layer_surface_v1_listener> = {
        let table = UnsafeMutablePointer<zwlr_layer_surface_v1_listener>.allocate(capacity: 1)
        table.initialize(to: zwlr_layer_surface_v1_listener(
            configure: { data, _, serial, width, height in
                data.map { Unmanaged<LayerSurface>.fromOpaque($0).takeUnretainedValue() }?.configured(serial: serial, width: width, height: height)
            },
            closed: { data, _ in data.map { Unmanaged<LayerSurface>.fromOpaque($0).takeUnretainedValue() }?.isCloseRequested = true }))
        return UnsafePointer(table)
    }()
}
