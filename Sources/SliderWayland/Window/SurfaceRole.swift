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

    /// The size the sliders are laid out in, in points: `size`, unless the surface shows only part of it
    /// (`CoveredArea`).
    var layoutSize: Size { get }
    /// Where the surface's top-left corner lies in the layout's points ((0, 0) unless only part is shown).
    var origin: Point { get }
    /// The surface input arrives on: `surface`, unless it takes none (`CoveredArea`).
    var inputSurface: WaylandSurface { get }
    /// Makes the surface cover at least `drawn` (layout points: what the frame about to be drawn touches,
    /// nil when nothing); true when its place or size changed, so the whole surface must be drawn again.
    /// Roles that always show the whole layout return false without evaluating `drawn`.
    func cover(_ drawn: @autoclosure () -> Rect?) -> Bool
    /// The colour behind the sliders changed (a role that draws a background of its own shows it).
    func backgroundChanged(_ color: Color)
    /// Commits the role's waiting state without a new frame (libdecor's decorations).
    func commitWaitingState() throws(WaylandError)
}

extension SurfaceRole {
    package var layoutSize: Size { size }
    package var origin: Point { Point(x: 0, y: 0) }
    package var inputSurface: WaylandSurface { surface }
    package func cover(_ drawn: @autoclosure () -> Rect?) -> Bool { false }
    package func backgroundChanged(_ color: Color) {}
    package func commitWaitingState() throws(WaylandError) { try surface.commit(.unchanged) }

    /// The scale content is drawn at now.
    package var scale: SurfaceScale { surface.scale }
    /// The buffer size for the current size and scale, in device pixels.
    package var pixelSize: (width: Int, height: Int) { scale.pixelSize(for: size.width, size.height) }
    /// The layout's size in device pixels at the current scale.
    package var layoutPixelSize: (width: Int, height: Int) { scale.pixelSize(for: layoutSize.width, layoutSize.height) }
}
