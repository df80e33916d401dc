@_spi(Internals) import SliderCore

/// What the GLES2 renderer (`SliderRenderer`) and the CPU renderer (`CPURenderer`) have in common: the
/// background, text measuring, images, and forgetting what the buffers hold. How a frame is drawn differs
/// (into the current GL framebuffer, or into memory), so that is each renderer's own.
@_spi(Internals) public protocol SceneRenderer: AnyObject {
    /// Drawn behind everything in the redrawn region, straight alpha.
    var clearColor: Color { get set }
    /// Measures text exactly as this renderer draws it (for `SceneBuilder.build(textMetrics:)`).
    var textMetrics: TextMeasuring { get }
    /// Why text cannot be drawn (no font found or FreeType failed), nil when it can.
    var fontError: RendererError? { get }
    /// Makes `image` (premultiplied, as every `RGBAImage` is) drawable as `SliderImage.user(id: id)`.
    func registerImage(_ image: RGBAImage, id: UInt32) throws(RendererError)
    /// Forgets what the buffers hold: the next frame is redrawn in full.
    func invalidate()
}

extension SceneRenderer {
    /// Loads a PNG (libpng) and registers it as `registerImage(_:id:)` does. Throws `.png(path:reason:)` for
    /// a missing, unreadable or corrupt file, `.invalidImageSize` for one whose header gives a side over
    /// `RGBAImage.maximumRegisteredSide` (nothing allocated for it).
    public func registerImage(contentsOfPNG path: String, id: UInt32) throws(RendererError) {
        try registerImage(try RGBAImage(contentsOfPNG: path, maximumSide: RGBAImage.maximumRegisteredSide), id: id)
    }
}

/// Which renderer draws a surface's frames.
public enum RendererKind: String, Equatable, Sendable, CaseIterable {
    /// GLES2 through EGL: signed distance fields in a fragment shader, on a GPU (or Mesa's llvmpipe).
    case gles
    /// The same distance fields evaluated by the CPU straight into wl_shm buffers: no EGL, no GL driver.
    case cpu
}
