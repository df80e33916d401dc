import CEGL
import CGLES2
@_spi(Internals) import SliderCore

/// Draws a `Scene` with GLES2: every primitive a tight quad around its bounds, all in one draw call, each
/// pixel shaded by a signed distance function (shadows by a closed-form Gaussian integral), premultiplied
/// alpha. Text, built-in symbols and images are textured quads from one atlas in the same draw call. Only
/// what changed since the frame in the buffer is redrawn.
///
/// The renderer does not own a context: create it with any GLES2 context current (an `OffscreenTarget`,
/// an EGL window surface, another program's), and render with that same context current. It leaves its
/// program bound, blending on and scissoring off. Not thread-safe.
@_spi(Internals) public final class SliderRenderer: SceneRenderer {
    /// Drawn behind everything in the redrawn region, straight alpha (default: transparent).
    public var clearColor = Color.clear

    private let context: EGLContext
    /// Two builds of the slider shader: shapes only, and shapes plus textured quads (text, symbols,
    /// images), compiled the first time a frame holds a textured quad. A frame uses the textured one only
    /// when its batch holds one.
    private let program: ShaderProgram
    private var texturedProgramStorage: ShaderProgram?
    private var atlasLocation: GLint = -1
    private var vertexBuffer: GLuint = 0
    private var indexBuffer: GLuint = 0
    private var vertexCapacity = 0
    private let maximumViewport: (width: Int, height: Int)
    private var batch = PrimitiveBatch(capacity: 64)
    private var redraws = RedrawTracker()
    /// The scene `draw(_:over:viewport:scale:)` builds into, kept so a frame allocates nothing.
    private var hostScene = Scene(capacity: 64)
    private let textures: TextureResources<TextureAtlas>

    /// Compiles the shapes shader in the current context. The texture atlas, the font (`fontPattern`, a
    /// fontconfig pattern), glyphs and symbols and the textured shader are made when a frame first needs
    /// them. Throws when no context is current, the context lacks GL_OES_standard_derivatives, or the shader
    /// fails (with the driver's log). A font that cannot be found does not fail here: `fontError` says why,
    /// and rendering text throws it.
    ///
    /// Glyphs are kept on disk between runs, in `$XDG_CACHE_HOME/waylandslider` (`~/.cache/waylandslider`),
    /// so a label costs FreeType's rendering only the first time it is ever drawn.
    public convenience init(fontPattern: String = "sans-serif") throws(RendererError) {
        try self.init(fontPattern: fontPattern, glyphCacheDirectory: GlyphDiskCache.defaultDirectory)
    }

    /// As `init(fontPattern:)`, with the glyphs kept in `glyphCacheDirectory` (nil: not kept).
    package init(fontPattern: String, glyphCacheDirectory: String?) throws(RendererError) {
        guard let current = eglGetCurrentContext() else { throw .noCurrentContext }
        guard PrimitiveVertex.checkLayout() else {
            // A programming error in this module, not a runtime condition: the layout is fixed at compile time.
            fatalError("PrimitiveVertex layout does not match its attribute table")
        }
        let extensions = glGetString(GLenum(GL_EXTENSIONS)).map { String(cString: $0) } ?? ""
        guard extensions.contains("GL_OES_standard_derivatives") else { throw .missingExtension("GL_OES_standard_derivatives") }
        context = current
        program = try ShaderProgram(vertexSource: EmbeddedShaders.sliderVertex, fragmentSource: EmbeddedShaders.sliderFragment,
                                    attributes: SliderRenderer.attributeNames)
        var dims: (GLint, GLint) = (0, 0)
        withUnsafeMutablePointer(to: &dims) { $0.withMemoryRebound(to: GLint.self, capacity: 2) { glGetIntegerv(GLenum(GL_MAX_VIEWPORT_DIMS), $0) } }
        maximumViewport = (Int(dims.0), Int(dims.1))
        textures = TextureResources(fontPattern: fontPattern, glyphCacheDirectory: glyphCacheDirectory)
        glGenBuffers(1, &vertexBuffer)
        glGenBuffers(1, &indexBuffer)
        let indices = PrimitiveBatch.indices(quads: PrimitiveBatch.maximumQuads)
        glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), indexBuffer)
        indices.withUnsafeBytes { glBufferData(GLenum(GL_ELEMENT_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW)) }
        if let error = SliderRenderer.drainErrors() {
            releaseObjects()
            throw .glError(code: error, during: "renderer set-up")
        }
    }

    deinit {
        // GL objects can only be deleted in their own context; if another is current, the context's
        // destruction frees them.
        if eglGetCurrentContext() == context { releaseObjects() }
    }

    private static var attributeNames: [(location: GLuint, name: String)] { PrimitiveVertex.attributes.map { ($0.location, $0.name) } }

    /// The textured build of the shader, compiled on first use.
    private func texturedProgram() throws(RendererError) -> ShaderProgram {
        if let texturedProgramStorage { return texturedProgramStorage }
        let built = try ShaderProgram(vertexSource: EmbeddedShaders.sliderVertex, fragmentSource: EmbeddedShaders.sliderFragment,
                                      attributes: SliderRenderer.attributeNames, defines: ["WS_TEXTURED"])
        texturedProgramStorage = built
        atlasLocation = glGetUniformLocation(built.handle, "u_atlas")
        return built
    }

    private func releaseObjects() {
        // llvmpipe (Mesa 22.3) never frees the compiled variant of a program deleted while a draw with it is
        // still queued: about 110 KB per program, for as long as the context lives (a host's, for a canvas).
        // Submitting the queued draws first lets it go.
        glFlush()
        program.delete()
        texturedProgramStorage?.delete()
        textures.delete()
        glDeleteBuffers(1, &vertexBuffer)
        glDeleteBuffers(1, &indexBuffer)
    }

    /// Glyphs FreeType rendered, and glyphs read from the disk cache instead, since this renderer was made.
    package var glyphCounts: (rendered: Int, loaded: Int) {
        (textures.glyphs?.renderedCount ?? 0, textures.glyphs?.loadedCount ?? 0)
    }

    /// Why text cannot be drawn (no font found or FreeType failed), nil when it can.
    public var fontError: RendererError? { textures.fontError }

    /// Measures text exactly as this renderer draws it (for `SceneBuilder.build(textMetrics:)`); approximate
    /// widths when no font could be loaded.
    public var textMetrics: TextMeasuring { textures }

    /// Makes `image` (premultiplied, as every `RGBAImage` is) drawable as `SliderImage.user(id: id)`: an end image or a thumb image,
    /// tinted by the primitive's colour (white draws it as it is). Throws `atlasFull` when it does not fit.
    public func registerImage(_ image: RGBAImage, id: UInt32) throws(RendererError) {
        try checkContext()
        try textures.register(image, id: id)
    }

    private func checkContext() throws(RendererError) {
        guard let current = eglGetCurrentContext() else { throw .noCurrentContext }
        guard current == context else { throw .contextMismatch }
    }

    /// Forgets what the buffers hold: the next frame is redrawn in full.
    public func invalidate() {
        redraws.invalidate()
    }

    /// Draws `scene` into the current framebuffer, which must be `scene.pixelWidth` x `scene.pixelHeight`.
    ///
    /// `bufferAge` is EGL's buffer age for that framebuffer: 0 for unknown contents (everything is drawn),
    /// 1 when it holds the previous frame (an offscreen target, or a renderer-kept copy), n for n frames ago.
    /// Only the damage since then is redrawn, scissored; the result says which rect that was.
    @discardableResult
    public func render(_ scene: Scene, bufferAge: Int = 0) throws(RendererError) -> FrameResult {
        try checkContext()
        var result = try redraws.beginFrame(of: scene, bufferAge: bufferAge, maximumWidth: maximumViewport.width, maximumHeight: maximumViewport.height,
                                            textures: textures)
        let region = result.redrawn, width = scene.pixelWidth, height = scene.pixelHeight
        guard !region.isEmpty else { return result }

        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glEnable(GLenum(GL_SCISSOR_TEST))
        // GL's window origin is the bottom-left corner; the scene's is the top-left.
        glScissor(GLint(region.x), GLint(height - region.maxY), GLsizei(region.width), GLsizei(region.height))
        let c = clearColor
        glClearColor(GLfloat(c.red * c.alpha), GLfloat(c.green * c.alpha), GLfloat(c.blue * c.alpha), GLfloat(c.alpha))
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))

        try drawBatch(of: scene, clip: region, into: &result)
        glDisable(GLenum(GL_SCISSOR_TEST))
        if let error = SliderRenderer.drainErrors() {
            invalidate()
            throw error == GLenum(GL_CONTEXT_LOST_KHR) ? .contextLost : .glError(code: error, during: "render")
        }
        return result
    }

    /// Draws all of `scene` over what `framebuffer` holds, without clearing it: sliders inside a host
    /// program's own GL scene, in the host's context (current, and the one this renderer was made in).
    ///
    /// `viewport` is where, as `glViewport` takes it: device pixels, x and y of its bottom-left corner from
    /// the framebuffer's bottom-left; `scene` is built at its size. The GL state this changes is put back
    /// afterwards (listed in `HostGLState`). Nothing is retained between calls: each call draws everything.
    /// Build the scene with `draw(_:over:viewport:scale:)` instead when it has text: measuring text uploads
    /// glyphs, which changes GL state too.
    @discardableResult
    public func draw(_ scene: Scene, over framebuffer: UInt32, viewport: PixelRect) throws(RendererError) -> FrameResult {
        try checkContext()
        let saved = HostGLState.capture(attributeCount: PrimitiveVertex.attributes.count)
        defer { saved.restore() }
        return try drawWithStateSaved(scene, over: framebuffer, viewport: viewport)
    }

    /// Builds the scene of `sliders` (frames in points from the viewport's top-left corner) at `viewport`'s
    /// size and `scale` (0 < scale <= 16), and draws it as `draw(_:over:viewport:)` does, text measured and
    /// glyphs uploaded inside the same saved GL state.
    @discardableResult
    public func draw(_ sliders: [Slider], over framebuffer: UInt32, viewport: PixelRect, scale: Double) throws(RendererError) -> FrameResult {
        try checkContext()
        guard scale.isFinite, scale > 0, scale <= 16 else { throw .invalidScale(scale) }
        guard viewport.width > 0, viewport.height > 0, viewport.width <= maximumViewport.width, viewport.height <= maximumViewport.height else {
            throw .invalidTargetSize(width: viewport.width, height: viewport.height)
        }
        let saved = HostGLState.capture(attributeCount: PrimitiveVertex.attributes.count)
        defer { saved.restore() }
        SceneBuilder.build(sliders, pixelWidth: viewport.width, pixelHeight: viewport.height, scale: scale, into: &hostScene, textMetrics: textures)
        return try drawWithStateSaved(hostScene, over: framebuffer, viewport: viewport)
    }

    /// The body of the two draws over a host's framebuffer, once its state is saved.
    private func drawWithStateSaved(_ scene: Scene, over framebuffer: UInt32, viewport: PixelRect) throws(RendererError) -> FrameResult {
        let width = scene.pixelWidth, height = scene.pixelHeight
        guard width > 0, height > 0, width <= maximumViewport.width, height <= maximumViewport.height,
              viewport.width == width, viewport.height == height else {
            throw .invalidTargetSize(width: viewport.width, height: viewport.height)
        }
        try PrimitiveBatch.validate(scene)
        try textures.prepare(scene)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(framebuffer))
        glViewport(GLint(viewport.x), GLint(viewport.y), GLsizei(width), GLsizei(height))
        HostGLState.prepareForDraw()
        let full = PixelRect(x: 0, y: 0, width: width, height: height)
        var result = FrameResult(redrawn: full, isFullRedraw: true, drawCalls: 0, quads: 0)
        try drawBatch(of: scene, clip: full, into: &result)
        if let error = SliderRenderer.drainErrors() {
            throw error == GLenum(GL_CONTEXT_LOST_KHR) ? .contextLost : .glError(code: error, during: "draw over the host's framebuffer")
        }
        return result
    }

    /// Batches the primitives of `scene` that reach into `clip` and draws them in one call (none when no
    /// quad does), counting the call and quads in `result`.
    private func drawBatch(of scene: Scene, clip: PixelRect, into result: inout FrameResult) throws(RendererError) {
        batch.fill(from: scene, clip: clip, textures: textures)
        // Every glyph the frame shows is rendered by now (measured while the scene was built, or here).
        textures.saveRenderedGlyphs()
        guard batch.quadCount > 0 else { return }
        try draw(width: scene.pixelWidth, height: scene.pixelHeight)
        result.drawCalls = 1
        result.quads = batch.quadCount
        result.texturedQuads = batch.texturedQuadCount
    }

    private func draw(width: Int, height: Int) throws(RendererError) {
        let used = batch.hasTexturedQuads ? try texturedProgram() : program
        glUseProgram(used.handle)
        glUniform2f(used.viewportLocation, GLfloat(width), GLfloat(height))
        if batch.hasTexturedQuads {
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), try textures.atlas().texture)
            glUniform1i(atlasLocation, 0)
        }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), indexBuffer)
        let stride = MemoryLayout<PrimitiveVertex>.stride
        batch.vertices.withUnsafeBytes { bytes in
            if bytes.count > vertexCapacity {
                // Grow to the next power of two so a growing scene reallocates rarely.
                var capacity = max(vertexCapacity, 4096)
                while capacity < bytes.count { capacity *= 2 }
                glBufferData(GLenum(GL_ARRAY_BUFFER), capacity, nil, GLenum(GL_DYNAMIC_DRAW))
                vertexCapacity = capacity
            }
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, bytes.count, bytes.baseAddress)
        }
        for attribute in PrimitiveVertex.attributes {
            glEnableVertexAttribArray(attribute.location)
            glVertexAttribPointer(attribute.location, attribute.components, GLenum(GL_FLOAT), GLboolean(GL_FALSE),
                                  GLsizei(stride), UnsafeRawPointer(bitPattern: attribute.offset))
        }
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glDrawElements(GLenum(GL_TRIANGLES), GLsizei(batch.quadCount * 6), GLenum(GL_UNSIGNED_SHORT), nil)
    }

    /// Reads every pending GL error; returns the first one (nil when there was none), leaving none behind.
    static func drainErrors() -> GLenum? {
        var first: GLenum?
        for _ in 0..<16 {
            let error = glGetError()
            if error == GLenum(GL_NO_ERROR) { break }
            if first == nil { first = error }
        }
        return first
    }
}
