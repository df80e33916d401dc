import Glibc
@_spi(Internals) import SliderRenderer

/// Picks how a surface's frames are drawn and reach the compositor.
///
/// The renderer: the one asked for (`WindowConfiguration.renderer`, else `WAYLAND_SLIDER_RENDERER`), else
/// the CPU renderer where there is no GPU (`GPUProbe`), else GLES2. The path: the one asked for
/// (`WindowConfiguration.presentation`, else `WAYLAND_SLIDER_PRESENTATION`), else wl_shm for the CPU
/// renderer; for GLES2, wl_shm when the GL driver renders in software (GL_RENDERER names llvmpipe, softpipe
/// or swrast: a GPU was there but Mesa did not use it) and the compositor offers wl_shm, else an EGL window
/// surface, or wl_shm where the EGL driver renders on a GPU but has no Wayland platform to present with (an
/// NVIDIA driver without a DRM device, seen on a GPU server: `presentationPath` says which was taken).
/// What was asked for is taken, or an error says why it cannot be; nothing asked for falls back.
/// With the CPU renderer EGL is never initialized: no GL driver is loaded into the process.
enum PresenterChoice {
    /// The presenter for `surface` on `client`. Leaves the presenter's context current (the CPU renderer has
    /// none).
    static func presenter(for surface: WaylandSurface, on client: WaylandClient, width: Int, height: Int,
                          requested: PresentationPath?, renderer requestedRenderer: RendererKind?) throws(WaylandError) -> FramePresenter {
        let path = if let requested { requested } else { try PresentationPath.requested() }
        let asked = if let requestedRenderer { requestedRenderer } else { try RendererKind.requested() }
        let renderer = asked ?? (path == .eglWindow || GPUProbe.hasGPU ? .gles : .cpu)
        switch (path, renderer) {
        case (.eglWindow, .cpu):
            throw .unsupportedCombination("the CPU renderer draws into wl_shm buffers: it cannot present through an EGL window")
        case (.eglWindow, .gles):
            return try EGLPresenter(connection: client.connection, surface: surface.proxy, width: width, height: height)
        case (.sharedMemory, .cpu), (nil, .cpu):
            guard let shm = client.globals.shm else { throw .missingGlobal("wl_shm", minimumVersion: 1) }
            return CPUPresenter(shm: shm)
        case (.sharedMemory, .gles):
            guard let shm = client.globals.shm else { throw .missingGlobal("wl_shm", minimumVersion: 1) }
            return try ShmPresenter(context: offscreenContext(), shm: shm)
        case (nil, .gles):
            let offscreen = client.globals.shm.flatMap { shm in (try? offscreenContext()).map { (shm, $0) } }
            if let (shm, context) = offscreen, GLDriver.isSoftware {
                return try ShmPresenter(context: context, shm: shm)
            }
            do throws(WaylandError) {
                return try EGLPresenter(connection: client.connection, surface: surface.proxy, width: width, height: height)
            } catch {
                guard case .egl(call: EGLWindowSurface.waylandPlatformCall, _) = error, let (shm, context) = offscreen else { throw error }
                do throws(RendererError) { try context.makeCurrent() } catch { throw .renderer(error) }
                return try ShmPresenter(context: context, shm: shm)
            }
        }
    }

    /// The offscreen context shared-memory frames are drawn in, current.
    private static func offscreenContext() throws(WaylandError) -> OffscreenTarget {
        do throws(RendererError) { return try OffscreenTarget(width: 1, height: 1) } catch { throw .renderer(error) }
    }
}

extension RendererKind {
    /// The environment variable that picks the renderer: `gles` or `cpu` (`auto` or empty: the automatic
    /// choice); any other value makes creating a window throw `WaylandError.invalidEnvironment`.
    public static let environmentVariable = "WAYLAND_SLIDER_RENDERER"

    /// The renderer `WAYLAND_SLIDER_RENDERER` asks for; nil when unset, empty or `auto`.
    static func requested() throws(WaylandError) -> RendererKind? {
        guard let raw = getenv(environmentVariable) else { return nil }
        switch String(cString: raw) {
        case "gles": return .gles
        case "cpu": return .cpu
        case "", "auto": return nil
        case let value: throw .invalidEnvironment(name: environmentVariable, value: value, expected: ["gles", "cpu", "auto"])
        }
    }
}
