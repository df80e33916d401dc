import CWaylandClient
import SliderCore

/// A wl_surface of ours shown as a desynchronized wl_subsurface of a host program's surface: the embedding
/// role. Its place is a rectangle in the parent's surface points; it draws at the integer scale the host
/// draws its own surface at, and commits on its own (desynchronized), so a slider that changes never makes
/// the host redraw.
///
/// wl_subsurface.set_position is parent state: a move shows once the host commits its surface next. A new
/// size shows with our next frame.
package final class Subsurface: SurfaceRole {
    /// The surface this role shows.
    package let surface: WaylandSurface
    private let subsurface: OpaquePointer
    /// Held strongly: the connection must outlive the proxies this object destroys in deinit.
    private let client: WaylandClient
    /// The rectangle in the parent's surface points.
    package private(set) var frame: Rect
    package var size: Size { frame.size }
    /// Always true: a subsurface needs no configure.
    package let isConfigured = true
    package var onGeometryChanged: (() -> Void)?
    /// Never called: a subsurface has no state of its own to commit.
    package var onNeedsCommit: (() -> Void)?

    /// Creates our surface as a desynchronized subsurface of `parent` (a wl_surface of the host's, on the same
    /// display) at `frame`, drawn at `scale`. Throws `invalidSize` for a frame that is not finite or whose size
    /// is outside 1...16384 points, and `invalidScale` for a scale outside 1...16.
    package init(client: WaylandClient, parent: OpaquePointer, frame: Rect, scale: Int) throws(WaylandError) {
        try Subsurface.validate(frame)
        guard (1...16).contains(scale) else { throw .invalidScale(scale) }
        guard let subcompositor = client.globals.subcompositor else { throw .missingGlobal("wl_subcompositor", minimumVersion: 1) }
        let surface = try WaylandSurface(client: client, followsOutputs: false)
        guard let subsurface = wl_subcompositor_get_subsurface(subcompositor, surface.proxy, parent) else { throw .connectionLost(errno: 0) }
        self.client = client
        self.surface = surface
        self.subsurface = subsurface
        self.frame = Subsurface.rounded(frame)
        surface.setFixedScale(Int32(scale))
        wl_subsurface_set_desync(subsurface)
        wl_subsurface_set_position(subsurface, Int32(self.frame.minX), Int32(self.frame.minY))
    }

    deinit { wl_subsurface_destroy(subsurface) }

    private static func validate(_ frame: Rect) throws(WaylandError) {
        let w = frame.size.width, h = frame.size.height
        guard frame.minX.isFinite, frame.minY.isFinite, abs(frame.minX) <= 1_048_576, abs(frame.minY) <= 1_048_576,
              w.isFinite, h.isFinite, w >= 1, h >= 1, w <= 16384, h <= 16384 else {
            throw .invalidSize(width: w, height: h)
        }
    }

    private static func rounded(_ frame: Rect) -> Rect {
        Rect(x: frame.minX.rounded(), y: frame.minY.rounded(), width: frame.width.rounded(), height: frame.height.rounded())
    }

    /// Moves and resizes the subsurface (the parent's surface points, rounded to whole points). The new
    /// position shows when the host next commits its surface; the new size with our next frame.
    package func setFrame(_ newFrame: Rect) throws(WaylandError) {
        try Subsurface.validate(newFrame)
        let rounded = Subsurface.rounded(newFrame)
        if rounded.minX != frame.minX || rounded.minY != frame.minY { wl_subsurface_set_position(subsurface, Int32(rounded.minX), Int32(rounded.minY)) }
        let resized = rounded.size != frame.size
        frame = rounded
        if resized { onGeometryChanged?() }
    }

    /// Draws at integer `scale` from the next frame on (the host's buffer scale). Throws for a scale
    /// outside 1...16.
    package func setScale(_ newScale: Int) throws(WaylandError) {
        guard (1...16).contains(newScale) else { throw .invalidScale(newScale) }
        surface.setFixedScale(Int32(newScale))
    }

    /// A subsurface has no per-commit state of its own.
    package func prepareCommit() {}
}
