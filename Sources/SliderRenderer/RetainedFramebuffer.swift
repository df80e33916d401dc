import CEGL
import CGLES2

/// A framebuffer that keeps the last frame, for windows whose driver does not say how old the back buffer
/// is (no EGL_EXT_buffer_age: Mesa's software path on Wayland). The renderer draws only the damage into it
/// (buffer age 1), then `present()` copies it to the window's framebuffer in one textured quad.
///
/// Create and use it with the window's context current, like `SliderRenderer`.
public final class RetainedFramebuffer {
    public private(set) var width = 0, height = 0
    private let context: EGLContext
    private var framebuffer: GLuint = 0
    private var texture: GLuint = 0
    private var quad: GLuint = 0
    private let program: ShaderProgram
    private let frameLocation: GLint
    /// False until a frame was drawn at the current size: the renderer must then draw everything.
    private var holdsFrame = false

    /// Compiles the copy program in the current context. Throws as `SliderRenderer.init` does.
    public init() throws(RendererError) {
        guard let current = eglGetCurrentContext() else { throw .noCurrentContext }
        context = current
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
    public func bind(width: Int, height: Int) throws(RendererError) -> Int {
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
    public func didRender() { holdsFrame = true }

    /// Forgets the contents: the next frame is drawn in full.
    public func invalidate() { holdsFrame = false }

    /// Copies the retained frame into the window's framebuffer (framebuffer 0), replacing every pixel.
    public func present() throws(RendererError) {
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
