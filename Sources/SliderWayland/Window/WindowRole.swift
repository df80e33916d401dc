/// What a window's role adds to a surface role: the compositor may ask it to close, and it may be
/// fullscreen. An xdg toplevel (`Toplevel`) or a layer surface (`LayerSurface`).
package protocol WindowRole: SurfaceRole {
    /// True once the compositor asked the window to close (or stopped showing it).
    var isCloseRequested: Bool { get }
    /// Whether the compositor says the window is fullscreen.
    var isFullscreen: Bool { get }
    /// Asks to be fullscreen or not, where the role can be.
    func setFullscreen(_ fullscreen: Bool)
}
