@_spi(Internals) import SliderCore

/// One primitive (or one glyph of a text primitive) as the CPU renderer draws it: the shader's inputs in
/// Float, and the pixels GL would rasterize for its quad (those whose centre lies inside it, clipped to the
/// target).
struct RasterItem {
    enum Kind: UInt8 {
        /// Rounded rect, circle or tick, filled inside an optional border; a shadow too small to blur.
        case shape
        /// The blurred rounded rect.
        case shadow
        /// A distance field from the atlas (glyphs, symbols, the arrow) in the tint.
        case distanceField
        /// A premultiplied image from the atlas times the tint.
        case image
    }

    var kind: Kind
    /// Pixel columns `x0..<x1` and rows `y0..<y1`.
    var x0: Int, x1: Int, y0: Int, y1: Int
    /// The shape's box (for a textured quad: the quad).
    var lower: SIMD2<Float>, upper: SIMD2<Float>
    var radius: Float = 0, borderWidth: Float = 0, sigma: Float = 0
    /// Premultiplied colours.
    var fill: SIMD4<Float>, border = SIMD4<Float>()
    /// Atlas coordinates (u0, v0, u1, v1) and the distance field's scale (device pixels per unit of
    /// alpha past the edge), for textured quads.
    var uv = SIMD4<Float>(), fieldScale: Float = 0

    /// The item for a shape or shadow primitive (not image or text), its quad being `p.bounds`.
    init(shape p: Primitive, target: Rect) {
        let isShadow = p.kind == .shadow
        let sigma = Float(p.blur / 2)
        kind = isShadow && sigma >= 0.05 ? .shadow : .shape
        (x0, x1, y0, y1) = RasterItem.pixels(of: p.bounds, target: target)
        lower = SIMD2(Float(p.rect.minX), Float(p.rect.minY))
        upper = SIMD2(Float(p.rect.maxX), Float(p.rect.maxY))
        let half = (upper - lower) * 0.5
        radius = min(Float(p.cornerRadius), min(half.x, half.y))
        borderWidth = isShadow ? 0 : Float(p.borderWidth)
        self.sigma = max(sigma, 0.05)
        fill = RasterItem.premultiplied(p.fillColor)
        border = RasterItem.premultiplied(p.borderColor)
    }

    /// The item for one textured quad, sampling `uv` of an atlas.
    init(textured quad: TextureResources<PixelAtlas>.TexturedQuad, uv: SIMD4<Float>, target: Rect) {
        kind = quad.isDistanceField ? .distanceField : .image
        (x0, x1, y0, y1) = RasterItem.pixels(of: quad.rect, target: target)
        lower = SIMD2(Float(quad.rect.minX), Float(quad.rect.minY))
        upper = SIMD2(Float(quad.rect.maxX), Float(quad.rect.maxY))
        fill = RasterItem.premultiplied(quad.tint)
        self.uv = uv
        fieldScale = Float(DistanceFieldEncoding.texelsPerUnit * quad.texelScale)
    }

    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    /// The pixels whose centres lie in `quad` clipped to `target` (GL's rasterization of an axis-aligned
    /// quad: left and top edges inclusive), with the quad's corners in Float as GL has them.
    static func pixels(of quad: Rect, target: Rect) -> (Int, Int, Int, Int) {
        let x0 = Float(max(quad.minX, target.minX)), x1 = Float(min(quad.maxX, target.maxX))
        let y0 = Float(max(quad.minY, target.minY)), y1 = Float(min(quad.maxY, target.maxY))
        guard x1 > x0, y1 > y0 else { return (0, 0, 0, 0) }
        return (Int((x0 - 0.5).rounded(.up)), Int((x1 - 0.5).rounded(.up)), Int((y0 - 0.5).rounded(.up)), Int((y1 - 0.5).rounded(.up)))
    }

    static func premultiplied(_ c: Color) -> SIMD4<Float> {
        let p = PrimitiveBatch.premultiplied(c)
        return SIMD4(p.0, p.1, p.2, p.3)
    }
}
