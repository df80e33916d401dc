import CEGL
import CGLES2
import SliderCore

/// A framebuffer that keeps the last frame, for windows whose driver does not say how old the back buffer
/// is (no EGL_EXT_buffer_age: Mesa's software path on Wayland). The renderer draws only the damage into it
/// (buffer age 1), then `present()` copies it to the window's framebuffer in one textured quad.
///
/// Create and use it with the window's context current, like `SliderRenderer`.
package final class RetainedFramebuffer {
    package private(set) var width = 0, height = 0
    private let context: EGLContext
    private var framebuffer: GLuint = 0
    private var texture: GLuint = 0
    private var quad: GLuint = 0
    private let program: ShaderProgram
    private let frameLocation: GLint
    /// False until a frame was drawn at the current size: the renderer must then draw everything.
    private var holdsFrame = false
    /// The driver reads back in BGRA order (GL_EXT_read_format_bgra), wl_shm's byte order.
    private let readsBGRA: Bool
    /// Rows read back, bottom-up, before they are copied top-down: kept to allocate nothing per frame.
    private var readBack: [UInt8] = []

    /// Compiles the copy program in the current context. Throws as `SliderRenderer.init` does.
    package init() throws(RendererError) {
        guard let current = eglGetCurrentContext() else { throw .noCurrentContext }
        context = current
        readsBGRA = (glGetString(GLenum(GL_EXTENSIONS)).map { String(cString: $0) } ?? "").contains("GL_EXT_read_format_bgra")
        program = try ShaderProgram(vertexSource: EmbeddedShaders.presentVertex, fragmentSource: EmbeddedShaders.presentFragment,
                                    attributes: [(0, "a_corner")])
        frameLocation = glGetUniformLocation(program.handle, "u_frame")
        glGenBuffers(1, &quad)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), quad)
        let corners: [GLfloat] = [0, 0, 1, 0, 0, 1, 1, 1]
        corners.withUnsafeBytes { glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW)) }
        if let error = SliderRenderer.drainErrors() {
            releaseObjects()
            throw .glError(code: error, during: "retained framebuffer set-up")
        }
    }

    deinit {
        if eglGetCurrentContext() == context { releaseObjects() }
    }

    private func releaseObjects() {
        program.delete()
        glDeleteBuffers(1, &quad)
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteTextures(1, &texture)
    }

    /// Binds the retained framebuffer at `width` x `height` (reallocated when the size changed) and returns
    /// the buffer age to render with: 1 when it holds the previous frame, 0 when it must be drawn in full.
    package func bind(width: Int, height: Int) throws(RendererError) -> Int {
        guard width > 0, height > 0 else { throw .invalidTargetSize(width: width, height: height) }
        if width != self.width || height != self.height || framebuffer == 0 {
            try allocate(width: width, height: height)
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        return holdsFrame ? 1 : 0
    }

    private func allocate(width: Int, height: Int) throws(RendererError) {
        if texture == 0 { glGenTextures(1, &texture) }
        if framebuffer == 0 { glGenFramebuffers(1, &framebuffer) }
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else { throw .incompleteFramebuffer(status: status) }
        self.width = width
        self.height = height
        holdsFrame = false
    }

    /// Notes that a frame was rendered into the retained framebuffer.
    package func didRender() { holdsFrame = true }

    /// Forgets the contents: the next frame is drawn in full.
    package func invalidate() { holdsFrame = false }

    /// Copies `rect` (top-left origin, device pixels) of the retained frame into `destination`, a top-down
    /// image `stride` bytes per row the size of the frame, as premultiplied B, G, R, A bytes (wl_shm's
    /// ARGB8888 on a little-endian machine). Read with glReadPixels, in BGRA where the driver offers it.
    package func copyPixels(in rect: PixelRect, to destination: UnsafeMutableRawPointer, stride: Int) throws(RendererError) {
        guard rect.width > 0, rect.height > 0 else { return }
        guard rect.x >= 0, rect.y >= 0, rect.maxX <= width, rect.maxY <= height, stride >= width * 4 else {
            throw .invalidTargetSize(width: rect.width, height: rect.height)
        }
        let rowBytes = rect.width * 4
        if readBack.count < rowBytes * rect.height { readBack = [UInt8](repeating: 0, count: rowBytes * rect.height) }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        let format = readsBGRA ? GLenum(0x80E1) : GLenum(GL_RGBA)  // GL_BGRA_EXT
        readBack.withUnsafeMutableBytes {
            glReadPixels(GLint(rect.x), GLint(height - rect.maxY), GLsizei(rect.width), GLsizei(rect.height), format, GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        if let error = SliderRenderer.drainErrors() { throw .glError(code: error, during: "glReadPixels of the retained frame") }
        readBack.withUnsafeBytes { source in
            for row in 0..<rect.height {
                // GL's rows run bottom-up.
                let from = source.baseAddress! + (rect.height - 1 - row) * rowBytes
                let to = destination + (rect.y + row) * stride + rect.x * 4
                if readsBGRA {
                    to.copyMemory(from: from, byteCount: rowBytes)
                } else {
                    copySwappingRedAndBlue(from: from.assumingMemoryBound(to: UInt8.self), to: to.assumingMemoryBound(to: UInt8.self),
                                           byteCount: rowBytes)
                }
            }
        }
    }

    /// Copies the retained frame into the window's framebuffer (framebuffer 0), replacing every pixel.
    package func present() throws(RendererError) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glDisable(GLenum(GL_BLEND))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glUseProgram(program.handle)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glUniform1i(frameLocation, 0)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), quad)
        // The slider program enables more attribute arrays; only 0 is fed here.
        for location in 1..<PrimitiveVertex.attributes.count { glDisableVertexAttribArray(GLuint(location)) }
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        if let error = SliderRenderer.drainErrors() {
            invalidate()
            throw .glError(code: error, during: "present")
        }
    }
}
