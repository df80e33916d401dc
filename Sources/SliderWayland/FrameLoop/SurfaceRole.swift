import SliderCore

/// What a frame loop needs of the wl_surface it draws on, whatever role gives the surface its place (an
/// xdg_toplevel today): its size and scale, whether drawing may start, and the per-commit state.
package protocol SurfaceRole: AnyObject {
    /// The wl_surface (input and frame callbacks name it).
    var surface: OpaquePointer { get }
    /// The content size in points.
    var size: Size { get }
    /// The scale content is drawn at now.
    var scale: SurfaceScale { get }
    /// True once the compositor allows the first buffer (xdg: after the first configure).
    var isConfigured: Bool { get }
    /// Called after a change of size or scale.
    var onGeometryChanged: (() -> Void)? { get set }
    /// Called when the frame callback of the last commit arrives.
    var onFrameDone: (() -> Void)? { get set }
    /// Tells the compositor which part of the surface is opaque (all of it, or none).
    func setOpaque(_ opaque: Bool)
    /// Sets the buffer scale or viewport for the buffer about to be committed.
    func applyScaleForNextCommit()
    /// Asks for a wl_surface.frame callback with the next commit.
    func requestFrameCallback()
    /// Marks buffer pixels as changed in the next commit (top-left origin, device pixels).
    func damageBuffer(_ rect: PixelRect)
    /// Recomputes the scale from the outputs the surface is on.
    func updateScale(notify: Bool)
}

extension SurfaceRole {
    /// The buffer size for the current size and scale, in device pixels.
    package var pixelSize: (width: Int, height: Int) { scale.pixelSize(for: size.width, size.height) }
}
