import Glibc
@_spi(Internals) import SliderCore
@_spi(Internals) import SliderRenderer

/// How a surface's frames reach the compositor.
public enum PresentationPath: String, Equatable, Sendable {
    /// An EGL window surface (wl_egl_window): the driver's buffers, with buffer age and swap-with-damage
    /// where it offers them. Chosen for GPUs.
    case eglWindow
    /// wl_shm buffers of ours. With the CPU renderer (where there is no GPU) each buffer gets only the
    /// pixels it lacks drawn straight into it; with the GLES2 renderer frames are drawn offscreen into a
    /// retained framebuffer, and only the pixels a buffer lacks are read back into it. Either way it is
    /// committed with exactly the frame's damage.
    case sharedMemory

    /// The environment variable that overrides the automatic choice: `egl` or `shm` (`auto` or empty: the
    /// automatic choice); any other value makes creating a window throw `WaylandError.invalidEnvironment`.
    public static let environmentVariable = "WAYLAND_SLIDER_PRESENTATION"

    /// The path `WAYLAND_SLIDER_PRESENTATION` asks for; nil when unset, empty or `auto`: automatic.
    static func requested() throws(WaylandError) -> PresentationPath? {
        guard let raw = getenv(environmentVariable) else { return nil }
        switch String(cString: raw) {
        case "egl": return .eglWindow
        case "shm": return .sharedMemory
        case "", "auto": return nil
        case let value: throw .invalidEnvironment(name: environmentVariable, value: value, expected: ["egl", "shm", "auto"])
        }
    }
}

/// What a frame loop needs of whatever puts its frames on the surface: a current context at the frame's
/// size, rendering with damage, and the frame's content for the frame loop to commit. A presenter never
/// commits and never waits: when it has no buffer to give, the frame waits for `onBufferReleased`.
protocol FramePresenter: AnyObject {
    var path: PresentationPath { get }
    /// The renderer `makeRenderer` makes.
    var rendererKind: RendererKind { get }
    /// True when frames are drawn into a retained framebuffer first (no buffer age).
    var drawsThroughRetainedFramebuffer: Bool { get }
    /// True when the driver takes the damage with the swap.
    var swapsWithDamage: Bool { get }
    /// Called when a buffer the compositor held comes back (a frame that waited for one can be drawn).
    var onBufferReleased: (() -> Void)? { get set }
    /// True when a frame of `width` x `height` pixels can be presented now; false while the compositor holds
    /// every buffer.
    func canPresent(width: Int, height: Int) -> Bool
    /// Makes the presenter's context current on this thread, its target `width` x `height` pixels.
    func makeCurrent(width: Int, height: Int) throws(WaylandError)
    /// Forgets what the presenter's buffers hold: the next frame is drawn and copied in full.
    func invalidate()
    /// Makes the renderer frames are drawn with (the presenter keeps it too), with the presenter's context
    /// current. Called once, before the first `render`.
    func makeRenderer() throws(WaylandError) -> SceneRenderer
    /// Renders `scene` with the presenter's renderer, redrawing only what changed; returns what was redrawn.
    func render(_ scene: Scene) throws(WaylandError) -> FrameResult
    /// The rendered frame as content for the surface's next commit, `damage` being what changed.
    func content(damage: PixelRect) throws(WaylandError) -> SurfaceContent
}
