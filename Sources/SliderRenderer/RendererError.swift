/// Why the renderer or the offscreen target refused to work. Nothing is drawn and no GL error is left behind.
public enum RendererError: Error, Equatable, Sendable {
    /// No EGL context is current on this thread.
    case noCurrentContext
    /// A context other than the one the renderer was created in is current (its GL objects live elsewhere).
    case contextMismatch
    /// The context was lost (GPU reset) or reports a GL error code; the renderer must be recreated.
    case contextLost
    case glError(code: UInt32, during: String)
    /// A shader did not compile or the program did not link; the driver's log says why.
    case shaderCompilation(stage: String, log: String)
    case programLink(log: String)
    /// The context lacks something the renderer needs (e.g. GL_OES_standard_derivatives).
    case missingExtension(String)
    /// Width or height is zero, negative, or beyond the driver's limit.
    case invalidTargetSize(width: Int, height: Int)
    /// Primitive `index` of the scene has a NaN or infinite field, or a coordinate beyond ±1e7 px.
    case invalidPrimitive(index: Int)
    /// More primitives than one 16-bit-indexed batch holds (16383).
    case tooManyPrimitives(Int)
    /// EGL could not give a display, config, context or surface; `call` names the EGL call, `code` its error.
    case egl(call: String, code: Int32)
    /// An offscreen framebuffer was not complete.
    case incompleteFramebuffer(status: UInt32)
    /// A PNG could not be read or written; `reason` is libpng's message or the file error.
    case png(path: String, reason: String)
    /// An image (read from the PNG at `path`, or given as pixels when `path` is nil) whose sides are not 1 to
    /// `maximumSide` pixels; a PNG's are read from its header, before anything is allocated for its pixels.
    case invalidImageSize(path: String?, width: Int, height: Int, maximumSide: Int)
    /// fontconfig found no font file for the pattern (install fonts-dejavu-core, or name an installed font).
    case fontNotFound(pattern: String)
    /// FreeType could not open the font file or render a glyph; `code` is FreeType's error.
    case font(path: String, code: Int32)
    /// An `.image` primitive names a user image id the renderer has no image for.
    case unknownImage(id: UInt32)
    /// The texture atlas has no room left for an image of this size (images and glyphs share one 1024 x 1024 atlas).
    case atlasFull(width: Int, height: Int)
    /// A drawing scale that is not a finite number in 0 < scale <= 16.
    case invalidScale(Double)
    /// A pixel buffer of `bytes` given for a frame that needs `needed` (`CPURenderer.render(_:into:stride:bufferAge:)`).
    case bufferTooSmall(bytes: Int, needed: Int)
}
