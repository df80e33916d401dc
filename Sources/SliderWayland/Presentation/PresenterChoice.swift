import CGLES2
@_spi(Internals) import SliderRenderer

/// Picks how a surface's frames reach the compositor.
enum PresenterChoice {
    /// The presenter for `surface` on `client`: `requested`, else what `WAYLAND_SLIDER_PRESENTATION` asks
    /// for, else shared memory when the GL driver renders in software (its GL_RENDERER names llvmpipe,
    /// softpipe or swrast), else an EGL window surface. Shared memory needs wl_shm and an offscreen context;
    /// without them it is an EGL window surface. Leaves the presenter's context current.
    static func presenter(for surface: WaylandSurface, on client: WaylandClient, width: Int, height: Int,
                          requested: PresentationPath?) throws(WaylandError) -> FramePresenter {
        let requested = requested ?? PresentationPath.requested
        if requested != .eglWindow, let shm = client.globals.shm, let context = try? OffscreenTarget(width: 1, height: 1) {
            let renderer = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? ""
            let software = ["llvmpipe", "softpipe", "swrast"].contains { renderer.contains($0) }
            if requested == .sharedMemory || software {
                return try ShmPresenter(context: context, shm: shm)
            }
        }
        return try EGLPresenter(connection: client.connection, surface: surface.proxy, width: width, height: height)
    }
}
