import SliderCore

/// What one `SliderRenderer.render` call did.
@_spi(Internals) public struct FrameResult: Equatable, Sendable {
    /// The device-pixel rect redrawn (y down from the top): pass it to eglSwapBuffersWithDamage or
    /// wl_surface.damage_buffer. Empty when nothing changed.
    public var redrawn: PixelRect
    /// True when the whole target was redrawn (unknown buffer contents, a new size, or `invalidate()`).
    public var isFullRedraw: Bool
    /// Draw calls issued: 1, or 0 when nothing needed drawing.
    public var drawCalls: Int
    /// Quads submitted (primitives touching the redrawn rect; one per glyph for text).
    public var quads: Int
    /// Of those, quads sampling the texture atlas (text, symbols, images). A frame with none is drawn by
    /// the shapes-only program, which costs less per pixel on a software rasterizer.
    public var texturedQuads = 0
}
