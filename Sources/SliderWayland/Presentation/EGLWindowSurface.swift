import CEGL
import CGLES2
import CWaylandEGL
import SliderCore

/// An EGL window surface on a wl_surface (through wl_egl_window) with a GLES2 context: swap interval 0
/// (frames are paced by wl_surface.frame callbacks, not by blocking in swap), buffer age and
/// swap-with-damage where the driver offers them.
///
/// The context is made at once (the shaders compile while the compositor answers the first configure); the
/// window surface only when the first frame is drawn, at that frame's size (`makeCurrent(width:height:)`).
/// A window surface made earlier would be made at the size asked for before the compositor chose one, and
/// Mesa keeps the back buffer it took for a surface until the next swap: cage configures a kiosk window
/// 0 x 0 and the window then takes the output's size, so the first frame went out at the old size, in a
/// corner of the output, and stayed there. Until the first frame the context is current without a surface
/// (EGL_KHR_surfaceless_context); a driver without that extension gets its window surface at once.
///
/// Owns its EGL display connection: one per Wayland connection; deinit terminates it, except on a borrowed
/// connection, where EGL hands back the host's own EGLDisplay for the same wl_display (the host terminates
/// it). `init` leaves its context current: on a host's connection, the caller restores the host's. It holds the
/// `WaylandConnection`, so the wl_display stays connected until EGL is done with it.
package final class EGLWindowSurface {
    private let display: EGLDisplay
    private let context: EGLContext
    private let config: EGLConfig
    private let wlSurface: OpaquePointer
    /// The window and its EGL surface, made with the first frame.
    private var window: OpaquePointer?
    private var surface: EGLSurface?
    private let connection: WaylandConnection
    /// False on a borrowed connection: the EGLDisplay is the host's too.
    private let terminatesDisplay: Bool
    /// The driver reports how old the back buffer's contents are (EGL_EXT_buffer_age).
    package let supportsBufferAge: Bool
    /// The driver takes the damaged rects with the swap (EGL_KHR/EXT_swap_buffers_with_damage).
    package var supportsSwapWithDamage: Bool { swapWithDamage != nil }
    /// The surface size in device pixels.
    package private(set) var pixelWidth: Int, pixelHeight: Int
    private let swapWithDamage: PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC?

    /// The call `WaylandError.egl` names when the EGL driver has no Wayland platform for this connection
    /// (NVIDIA's driver without egl-wayland, or without a DRM device to share buffers through).
    static let waylandPlatformCall = "eglInitialize (Wayland platform)"

    /// Creates the context for `surface` on `connection` and makes it current on this thread; the window
    /// surface follows with the first frame (at `width` x `height` pixels at once, without surfaceless
    /// contexts).
    package init(connection: WaylandConnection, surface wlSurface: OpaquePointer, width: Int, height: Int) throws(WaylandError) {
        self.connection = connection
        self.wlSurface = wlSurface
        let wlDisplay = connection.display
        guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_WAYLAND_KHR), UnsafeMutableRawPointer(wlDisplay), nil),
              eglInitialize(display, nil, nil) == EGL_TRUE else {
            throw .egl(call: EGLWindowSurface.waylandPlatformCall, code: eglGetError())
        }
        self.display = display
        terminatesDisplay = !connection.isBorrowed
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else {
            if terminatesDisplay { eglTerminate(display) }
            throw .egl(call: "eglBindAPI", code: eglGetError())
        }
        guard let config = EGLWindowSurface.chooseRGBA8888(display) else {
            if terminatesDisplay { eglTerminate(display) }
            throw .egl(call: "eglChooseConfig (8 bits per channel, window, ES2)", code: eglGetError())
        }
        self.config = config
        let contextAttributes: [EGLint] = [EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE]
        guard let context = eglCreateContext(display, config, nil, contextAttributes) else {
            if terminatesDisplay { eglTerminate(display) }
            throw .egl(call: "eglCreateContext", code: eglGetError())
        }
        self.context = context
        pixelWidth = max(width, 1)
        pixelHeight = max(height, 1)
        let extensions = eglQueryString(display, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
        let names = extensions.split(separator: " ")
        supportsBufferAge = names.contains("EGL_EXT_buffer_age")
        if names.contains("EGL_KHR_swap_buffers_with_damage"), let f = eglGetProcAddress("eglSwapBuffersWithDamageKHR") {
            swapWithDamage = unsafeBitCast(f, to: PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC.self)
        } else if names.contains("EGL_EXT_swap_buffers_with_damage"), let f = eglGetProcAddress("eglSwapBuffersWithDamageEXT") {
            swapWithDamage = unsafeBitCast(f, to: PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC.self)
        } else {
            swapWithDamage = nil
        }
        do throws(WaylandError) {
            if names.contains("EGL_KHR_surfaceless_context") {
                guard eglMakeCurrent(display, nil, nil, context) == EGL_TRUE else {
                    throw .egl(call: "eglMakeCurrent (no surface)", code: eglGetError())
                }
            } else {
                try makeCurrent(width: pixelWidth, height: pixelHeight)
            }
        } catch {
            destroy()
            throw error
        }
    }

    deinit { destroy() }

    private func destroy() {
        if eglGetCurrentContext() == context { eglMakeCurrent(display, nil, nil, nil) }
        if let surface { eglDestroySurface(display, surface) }
        eglDestroyContext(display, context)
        if let window { wl_egl_window_destroy(window) }
        if terminatesDisplay { eglTerminate(display) }
    }

    /// The config with exactly 8 bits for red, green, blue and alpha. eglChooseConfig sorts deeper configs
    /// first for 8-bit minimums (Mesa lists 10-bit ones before 8-bit), and weston's pixman renderer shows a
    /// 2101010 buffer as a white window, so the first match is not taken blindly.
    private static func chooseRGBA8888(_ display: EGLDisplay) -> EGLConfig? {
        let attributes: [EGLint] = [EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
                                    EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE]
        var count: EGLint = 0
        guard eglChooseConfig(display, attributes, nil, 0, &count) == EGL_TRUE, count > 0 else { return nil }
        var configs = [EGLConfig?](repeating: nil, count: Int(count))
        guard eglChooseConfig(display, attributes, &configs, count, &count) == EGL_TRUE else { return nil }
        func attribute(_ config: EGLConfig, _ name: EGLint) -> EGLint {
            var value: EGLint = 0
            eglGetConfigAttrib(display, config, name, &value)
            return value
        }
        return configs.prefix(Int(count)).compactMap { $0 }.first { config in
            [EGL_RED_SIZE, EGL_GREEN_SIZE, EGL_BLUE_SIZE, EGL_ALPHA_SIZE].allSatisfy { attribute(config, $0) == 8 }
        }
    }

    /// Makes the window surface and context current on the calling thread, the window's buffers `width` x
    /// `height` pixels: the window surface is made now if it was not yet (the first frame), else resized.
    /// The size is set before the surface is bound: Mesa's software path takes the back buffer's size when
    /// the surface is made current, so a resize after that would show only from the frame after next.
    ///
    /// Mesa also keeps a back buffer it took since the last swap, at its size, until the next swap, and
    /// defers a resize until then (`resize_callback` in platform_wayland.c): a make-current after another
    /// context was current (a second window, an offscreen render) or a frame with nothing to swap takes one.
    /// A frame drawn after that resize would go out at the old size, cropped or in a corner, and stay there
    /// while nothing changes. When the surface does not report the new size, it is made anew on the same
    /// wl_egl_window, which takes the new size at once.
    package func makeCurrent(width: Int, height: Int) throws(WaylandError) {
        let w = max(width, 1), h = max(height, 1)
        guard let window else {
            guard let made = wl_egl_window_create(wlSurface, Int32(w), Int32(h)) else { throw .egl(call: "wl_egl_window_create", code: eglGetError()) }
            pixelWidth = w
            pixelHeight = h
            do { try makeSurface(on: made) } catch {
                wl_egl_window_destroy(made)
                throw error
            }
            window = made
            // Interval 0: eglSwapBuffers never waits for the compositor; frame callbacks pace us instead.
            eglSwapInterval(display, 0)
            return
        }
        if w != pixelWidth || h != pixelHeight {
            pixelWidth = w
            pixelHeight = h
            wl_egl_window_resize(window, Int32(w), Int32(h), 0, 0)
            if surfaceSize != (w, h) {
                remadeSurfaces += 1
                eglMakeCurrent(display, nil, nil, nil)
                if let surface { eglDestroySurface(display, surface) }
                surface = nil
                try makeSurface(on: window)
                eglSwapInterval(display, 0)
                return
            }
        }
        guard eglMakeCurrent(display, surface, surface, context) == EGL_TRUE else { throw .egl(call: "eglMakeCurrent", code: eglGetError()) }
    }

    /// Times the window surface was made anew because the driver held a back buffer at the old size when
    /// the window was resized (`makeCurrent(width:height:)`).
    package private(set) var remadeSurfaces = 0

    /// The size the driver gives the surface's next back buffer (EGL_WIDTH, EGL_HEIGHT); 0 x 0 before the
    /// first frame.
    package var surfaceSize: (width: Int, height: Int) {
        var width: EGLint = 0, height: EGLint = 0
        guard let surface, eglQuerySurface(display, surface, EGL_WIDTH, &width) == EGL_TRUE,
              eglQuerySurface(display, surface, EGL_HEIGHT, &height) == EGL_TRUE else { return (0, 0) }
        return (Int(width), Int(height))
    }

    /// Makes the EGL surface on `window` and makes it and the context current.
    private func makeSurface(on window: OpaquePointer) throws(WaylandError) {
        guard let made = eglCreatePlatformWindowSurface(display, config, UnsafeMutableRawPointer(window), nil) else {
            throw .egl(call: "eglCreatePlatformWindowSurface", code: eglGetError())
        }
        surface = made
        guard eglMakeCurrent(display, made, made, context) == EGL_TRUE else { throw .egl(call: "eglMakeCurrent", code: eglGetError()) }
    }

    /// How many frames ago the back buffer was drawn (0: unknown contents). Always 0 without buffer age or
    /// before the first frame.
    package var bufferAge: Int {
        guard supportsBufferAge, let surface else { return 0 }
        var age: EGLint = 0
        guard eglQuerySurface(display, surface, EGLint(EGL_BUFFER_AGE_EXT), &age) == EGL_TRUE else { return 0 }
        return Int(age)
    }

    /// Presents the back buffer (this commits the wl_surface). `damage` is the rect that changed, top-left
    /// origin in device pixels; with swap-with-damage the driver passes it on, else the caller should have
    /// told the compositor with wl_surface.damage_buffer before calling.
    package func swap(damage: PixelRect) throws(WaylandError) {
        guard let surface else { throw .egl(call: "eglSwapBuffers before the first frame was drawn", code: EGL_BAD_SURFACE) }
        let ok: EGLBoolean
        if let swapWithDamage, !damage.isEmpty {
            // EGL's rects have a bottom-left origin. A tuple, not an array: no allocation per frame.
            let rect = (EGLint(damage.x), EGLint(pixelHeight - damage.maxY), EGLint(damage.width), EGLint(damage.height))
            ok = withUnsafePointer(to: rect) { $0.withMemoryRebound(to: EGLint.self, capacity: 4) { swapWithDamage(display, surface, $0, 1) } }
        } else {
            ok = eglSwapBuffers(display, surface)
        }
        guard ok == EGL_TRUE else { throw .egl(call: "eglSwapBuffers", code: eglGetError()) }
    }
}
