import CEGL
import CGLES2

/// A GLES2 context with no window, rendering into a framebuffer object: the surfaceless platform when
/// offered (Mesa and NVIDIA's driver offer it: no display server needed), else the default display with a
/// 1 x 1 pbuffer.
///
/// `init` makes the context current on the calling thread; `makeCurrent()` does so again later. With one
/// buffer the framebuffer keeps its contents between frames (buffer age 1 after the first `swapBuffers()`);
/// with two or three it behaves like a window's swap chain, and `bufferAge` says how old the current one is.
@_spi(Internals) public final class OffscreenTarget {
    public let width: Int
    public let height: Int
    private let display: EGLDisplay
    private let context: EGLContext
    private let surface: EGLSurface?
    private var framebuffers: [GLuint]
    private var textures: [GLuint]
    private var current = 0
    private var frameNumber = 0
    private var lastDrawn: [Int?]
    /// The surfaceless platform (true), or the default display with a pbuffer.
    private let isSurfaceless: Bool

    /// Creates the context and `bufferCount` (1 to 3) RGBA8 framebuffers of `width` x `height`. Throws for a
    /// size outside 1...16384 or when EGL cannot provide a GLES2 context.
    public init(width: Int, height: Int, bufferCount: Int = 1) throws(RendererError) {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else { throw .invalidTargetSize(width: width, height: height) }
        self.width = width
        self.height = height
        let count = min(max(bufferCount, 1), 3)
        framebuffers = [GLuint](repeating: 0, count: count)
        textures = [GLuint](repeating: 0, count: count)
        lastDrawn = [Int?](repeating: nil, count: count)
        var usedDisplay = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil)
        let surfaceless = usedDisplay != nil && eglInitialize(usedDisplay, nil, nil) == EGL_TRUE
        if !surfaceless {
            usedDisplay = eglGetDisplay(nil)
            guard usedDisplay != nil, eglInitialize(usedDisplay, nil, nil) == EGL_TRUE else {
                throw .egl(call: "eglInitialize", code: eglGetError())
            }
        }
        display = usedDisplay!
        isSurfaceless = surfaceless
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else { throw .egl(call: "eglBindAPI", code: eglGetError()) }
        let surfaceBit = surfaceless ? 0 : EGL_PBUFFER_BIT
        let configAttributes: [EGLint] = [EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_SURFACE_TYPE, surfaceBit, EGL_NONE]
        var config: EGLConfig?
        var configCount: EGLint = 0
        guard eglChooseConfig(display, configAttributes, &config, 1, &configCount) == EGL_TRUE, configCount > 0 else {
            throw .egl(call: "eglChooseConfig", code: eglGetError())
        }
        let contextAttributes: [EGLint] = [EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE]
        guard let created = eglCreateContext(display, config, nil, contextAttributes) else {
            throw .egl(call: "eglCreateContext", code: eglGetError())
        }
        context = created
        if surfaceless {
            surface = nil
        } else {
            let pbufferAttributes: [EGLint] = [EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE]
            surface = eglCreatePbufferSurface(display, config, pbufferAttributes)
            if surface == nil {
                eglDestroyContext(display, context)
                throw .egl(call: "eglCreatePbufferSurface", code: eglGetError())
            }
        }
        do {
            try makeCurrent()
            for i in 0..<count { try createFramebuffer(i) }
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffers[0])
        } catch {
            destroy()
            throw error
        }
    }

    deinit { destroy() }

    private func destroy() {
        if eglGetCurrentContext() == context {
            glDeleteFramebuffers(GLsizei(framebuffers.count), framebuffers)
            glDeleteTextures(GLsizei(textures.count), textures)
            eglMakeCurrent(display, nil, nil, nil)
        }
        if let surface { eglDestroySurface(display, surface) }
        eglDestroyContext(display, context)
    }

    /// Makes this target's context current on the calling thread and binds its framebuffer.
    public func makeCurrent() throws(RendererError) {
        guard eglMakeCurrent(display, surface, surface, context) == EGL_TRUE else {
            throw .egl(call: "eglMakeCurrent", code: eglGetError())
        }
        if framebuffers[current] != 0 { glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffers[current]) }
    }

    /// The current buffer's framebuffer object: where a host draws when this target stands for its window.
    package var framebuffer: UInt32 { framebuffers[current] }

    /// How many frames ago the current buffer was drawn: 0 when never (its contents are undefined), as
    /// EGL_EXT_buffer_age reports it.
    public var bufferAge: Int { lastDrawn[current].map { frameNumber - $0 } ?? 0 }

    /// Ends the frame drawn into the current buffer and moves to the next buffer, as eglSwapBuffers does.
    public func swapBuffers() throws(RendererError) {
        lastDrawn[current] = frameNumber
        frameNumber += 1
        current = (current + 1) % framebuffers.count
        try makeCurrent()
    }

    /// Releases the current context from this thread (any context, this target's or not).
    public static func releaseCurrentContext() {
        let display = eglGetCurrentDisplay()
        if display != nil { eglMakeCurrent(display, nil, nil, nil) }
    }

    private func createFramebuffer(_ i: Int) throws(RendererError) {
        glGenTextures(1, &textures[i])
        glBindTexture(GLenum(GL_TEXTURE_2D), textures[i])
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glGenFramebuffers(1, &framebuffers[i])
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffers[i])
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), textures[i], 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else { throw .incompleteFramebuffer(status: status) }
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        if let error = SliderRenderer.drainErrors() { throw .glError(code: error, during: "framebuffer set-up") }
    }

    /// The current buffer's pixels, top row first, premultiplied RGBA8 as GL stores them. Makes the target current.
    public func readPixels() throws(RendererError) -> RGBAImage {
        try makeCurrent()
        glFinish()
        var image = RGBAImage(width: width, height: height)
        let rowBytes = width * 4
        var rows = [UInt8](repeating: 0, count: rowBytes * height)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        rows.withUnsafeMutableBytes { glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress) }
        if let error = SliderRenderer.drainErrors() { throw .glError(code: error, during: "glReadPixels") }
        // GL's first row is the bottom one.
        for y in 0..<height {
            let source = (height - 1 - y) * rowBytes
            image.pixels.replaceSubrange(y * rowBytes..<(y + 1) * rowBytes, with: rows[source..<source + rowBytes])
        }
        return image
    }

    /// The GL renderer and version and the EGL vendor and platform, for naming the GPU and driver a
    /// benchmark ran on ("NVIDIA H100 PCIe/PCIe/SSE2, OpenGL ES 3.2 NVIDIA 550.54; EGL NVIDIA, surfaceless").
    public var driverDescription: String {
        func text(_ name: Int32) -> String { glGetString(GLenum(name)).map { String(cString: $0) } ?? "?" }
        let vendor = eglQueryString(display, EGL_VENDOR).map { String(cString: $0) } ?? "?"
        return "\(text(GL_RENDERER)), \(text(GL_VERSION)); EGL \(vendor), \(isSurfaceless ? "surfaceless" : "default display")"
    }

    /// Waits until every GL command so far has finished (for timing frames).
    public func finish() { glFinish() }
}
