import CGLES2
@_spi(Internals) import SliderCore
@_spi(Internals) import SliderRenderer

/// Puts rendered frames on a wl_surface through its EGL window surface. With buffer age the renderer draws
/// into the window's back buffer and only the damage is redrawn; on Mesa's software path (no buffer age)
/// it draws into a retained framebuffer, which is copied into the back buffer, and the damage goes to the
/// compositor with wl_surface.damage_buffer. The frame loop's commit swaps (which commits the surface).
final class EGLPresenter: GLESPresenter {
    private let window: EGLWindowSurface
    private let retained: RetainedFramebuffer?

    init(connection: WaylandConnection, surface: OpaquePointer, width: Int, height: Int) throws(WaylandError) {
        window = try EGLWindowSurface(connection: connection, surface: surface, width: width, height: height)
        do throws(RendererError) {
            retained = window.supportsBufferAge ? nil : try RetainedFramebuffer()
        } catch {
            throw .renderer(error)
        }
    }

    var glesRenderer: SliderRenderer?

    var path: PresentationPath { .eglWindow }

    /// Never called: EGL manages its own buffers (Mesa waits for a release inside the swap, on its own queue).
    var onBufferReleased: (() -> Void)?

    func canPresent(width: Int, height: Int) -> Bool { true }

    /// True when frames go through the retained framebuffer (no buffer age).
    var drawsThroughRetainedFramebuffer: Bool { retained != nil }

    /// True when the driver takes the damage with the swap.
    var swapsWithDamage: Bool { window.supportsSwapWithDamage }

    /// Makes the surface's GL context current on this thread, with its buffers `width` x `height` pixels
    /// (the window surface is made with the first frame, at its size).
    func makeCurrent(width: Int, height: Int) throws(WaylandError) {
        try window.makeCurrent(width: width, height: height)
    }

    /// Forgets what the retained framebuffer holds: the next frame is drawn in full.
    func invalidate() { retained?.invalidate() }

    /// Renders `scene` (at its pixel size) with the renderer, redrawing only what changed since the buffer
    /// about to be shown was drawn. Returns what was redrawn; nothing needs presenting when it is empty.
    /// The surface's context must be current, at the scene's size (`makeCurrent(width:height:)`).
    func render(_ scene: Scene) throws(WaylandError) -> FrameResult {
        let renderer = try madeGLESRenderer()
        do throws(RendererError) {
            guard let retained else {
                glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
                return try renderer.render(scene, bufferAge: window.bufferAge)
            }
            let age = try retained.bind(width: scene.pixelWidth, height: scene.pixelHeight)
            let result = try renderer.render(scene, bufferAge: age)
            retained.didRender()
            if !result.redrawn.isEmpty { try retained.present() }
            return result
        } catch {
            throw .renderer(error)
        }
    }

    /// The back buffer, to be swapped with `damage` by the commit.
    func content(damage: PixelRect) throws(WaylandError) -> SurfaceContent { .eglBackBuffer(window, damage: damage) }
}
