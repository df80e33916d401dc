import CGLES2
import Glibc
import SliderCore
import SliderRenderer

/// How a surface's frames reach the compositor.
public enum PresentationPath: String, Equatable, Sendable {
    /// An EGL window surface (wl_egl_window): the driver's buffers, with buffer age and swap-with-damage
    /// where it offers them. Chosen for GPUs.
    case eglWindow
    /// Software rendering (Mesa's llvmpipe): frames are drawn offscreen into a retained framebuffer, and only
    /// the pixels each wl_shm buffer of ours lacks are read back into it before it is committed with exactly
    /// the frame's damage.
    case sharedMemory

    /// The environment variable that overrides the automatic choice: `egl` or `shm`.
    public static let environmentVariable = "WAYLAND_SLIDER_PRESENTATION"

    /// The path `WAYLAND_SLIDER_PRESENTATION` asks for; nil when unset (or not `egl` / `shm`): automatic.
    static var requested: PresentationPath? {
        switch getenv(environmentVariable).map({ String(cString: $0) }) {
        case "egl": .eglWindow
        case "shm": .sharedMemory
        default: nil
        }
    }
}

/// What a frame loop needs of whatever puts its frames on the surface: a current context at the frame's
/// size, rendering with damage, and presenting (which commits the surface).
protocol FramePresenter: AnyObject {
    var path: PresentationPath { get }
    /// True when frames are drawn into a retained framebuffer first (no buffer age).
    var drawsThroughRetainedFramebuffer: Bool { get }
    /// True when the driver takes the damage with the swap.
    var swapsWithDamage: Bool { get }
    /// Makes the presenter's context current on this thread, its target `width` x `height` pixels.
    func makeCurrent(width: Int, height: Int) throws(WaylandError)
    /// Forgets what the presenter's buffers hold: the next frame is drawn and copied in full.
    func invalidate()
    /// Renders `scene` with `renderer`, redrawing only what changed; returns what was redrawn.
    func render(_ scene: Scene, with renderer: SliderRenderer) throws(WaylandError) -> FrameResult
    /// Puts the frame on the surface with `damage` and commits it.
    func present(damage: PixelRect, on role: SurfaceRole) throws(WaylandError)
}

extension WaylandClient {
    /// The presenter for `surface`: `requested`, else what `WAYLAND_SLIDER_PRESENTATION` asks for, else
    /// shared memory when the GL driver renders in software (its GL_RENDERER names llvmpipe, softpipe or
    /// swrast), else an EGL window surface. Shared memory needs wl_shm and an offscreen context; without
    /// them it is an EGL window surface. Leaves the presenter's context current.
    func makePresenter(for surface: OpaquePointer, width: Int, height: Int, requested: PresentationPath?) throws(WaylandError) -> FramePresenter {
        let requested = requested ?? PresentationPath.requested
        if requested != .eglWindow, let shm, let context = try? OffscreenTarget(width: 1, height: 1) {
            let renderer = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? ""
            let software = ["llvmpipe", "softpipe", "swrast"].contains { renderer.contains($0) }
            if requested == .sharedMemory || software {
                return try ShmPresenter(context: context, shm: shm, connection: connection)
            }
        }
        return try EGLPresenter(connection: connection, surface: surface, width: width, height: height)
    }
}
