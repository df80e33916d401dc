import CGLES2
@_spi(Internals) import SliderRenderer

/// Picks how a surface's frames reach the compositor.
enum PresenterChoice {
    /// The presenter for `surface` on `client`: `requested`, else what `WAYLAND_SLIDER_PRESENTATION` asks
    /// for, else shared memory when the GL driver renders in software (its GL_RENDERER names llvmpipe,
    /// softpipe or swrast) and the compositor offers wl_shm, else an EGL window surface. A path asked for is
    /// the path taken, or an error says why it cannot be. Leaves the presenter's context current.
    static func presenter(for surface: WaylandSurface, on client: WaylandClient, width: Int, height: Int,
                          requested: PresentationPath?) throws(WaylandError) -> FramePresenter {
        let path = if let requested { requested } else { try PresentationPath.requested() }
        switch path {
        case .eglWindow:
            return try EGLPresenter(connection: client.connection, surface: surface.proxy, width: width, height: height)
        case .sharedMemory:
            guard let shm = client.globals.shm else { throw .missingGlobal("wl_shm", minimumVersion: 1) }
            return try ShmPresenter(context: offscreenContext(), shm: shm)
        case nil:
            if let shm = client.globals.shm, let context = try? offscreenContext() {
                let renderer = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? ""
                if ["llvmpipe", "softpipe", "swrast"].contains(where: { renderer.contains($0) }) {
                    return try ShmPresenter(context: context, shm: shm)
                }
            }
            return try EGLPresenter(connection: client.connection, surface: surface.proxy, width: width, height: height)
        }
    }

    /// The offscreen context shared-memory frames are drawn in, current.
    private static func offscreenContext() throws(WaylandError) -> OffscreenTarget {
        do { return try OffscreenTarget(width: 1, height: 1) } catch { throw .renderer("no offscreen GL context for wl_shm frames: \(error)") }
    }
}
