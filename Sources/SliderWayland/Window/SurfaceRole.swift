import SliderCore

/// What a frame loop needs of the role that gives its surface a place (an xdg toplevel, a subsurface of a
/// host's surface): the surface, its size, whether drawing may start, and the role's own per-commit state.
package protocol SurfaceRole: AnyObject {
    /// The surface the role gives a place to.
    var surface: WaylandSurface { get }
    /// The content size in points.
    var size: Size { get }
    /// True once the compositor allows the first buffer (xdg: after the first configure).
    var isConfigured: Bool { get }
    /// Called after the role's size or state changed: the next frame must show it.
    var onGeometryChanged: (() -> Void)? { get set }
    /// Called when the role has state that applies with a commit of the surface even without a new frame
    /// (libdecor's decorations).
    var onNeedsCommit: (() -> Void)? { get set }
    /// Sets the role's own state for the commit about to be made (xdg: the window geometry).
    func prepareCommit()
}

extension SurfaceRole {
    /// The scale content is drawn at now.
    package var scale: SurfaceScale { surface.scale }
    /// The buffer size for the current size and scale, in device pixels.
    package var pixelSize: (width: Int, height: Int) { scale.pixelSize(for: size.width, size.height) }
}
