import CCPURaster

/// One row of the redrawn region in premultiplied Float, one plane per channel, where the CPU renderer
/// composites items ("over", in draw order), then writes the row as ARGB8888, all in C (`CCPURaster`: fast
/// in a debug build too). The
/// coverage of each pixel is the fragment shader's (`Shaders/slider.frag`) evaluated at its centre with
/// one device pixel per scene unit, in Float as the shader's highp; `ReferenceComparisonTests` hold the
/// two to each other.
struct RowCompositor {
    /// The C kernel's lane count: rows are read and written eight floats at a time.
    static let lanes = 8

    /// The row's planes: red, green, blue, alpha, each `capacity` floats: the widest row rounded up to
    /// whole lane groups, and one group more, since an item's lane groups start at its own first column.
    private var storage: UnsafeMutablePointer<Float>
    private var capacity: Int
    /// The row's first pixel column and width.
    private(set) var x = 0, width = 0

    init() {
        capacity = 0
        storage = UnsafeMutablePointer<Float>.allocate(capacity: 0)
    }

    func deallocate() { storage.deallocate() }

    /// Starts a row of `width` pixels from column `x`, cleared to `clear` (premultiplied). Grows the planes
    /// only when a wider row than ever comes (no allocation in a steady frame).
    mutating func begin(x: Int, width: Int, clear: SIMD4<Float>) {
        let needed = (width + RowCompositor.lanes - 1) / RowCompositor.lanes * RowCompositor.lanes + RowCompositor.lanes
        if needed > capacity {
            storage.deallocate()
            storage = UnsafeMutablePointer<Float>.allocate(capacity: needed * 4)
            capacity = needed
        }
        self.x = x
        self.width = width
        for c in 0..<4 { (storage + c * capacity).update(repeating: clear[c], count: needed) }
    }

    /// Composites `item` over its pixels in row `y` (those in the row's columns).
    mutating func composite(_ item: RasterItem, row y: Int, atlas: PixelAtlas?) {
        let start = max(item.x0, x), end = min(item.x1, x + width)
        guard end > start else { return }
        switch item.kind {
        case .shape, .shadow: compositeShape(item, y: y, from: start, to: end)
        case .distanceField, .image:
            if let atlas { compositeTextured(item, y: y, from: start, to: end, atlas: atlas) }
        }
    }

    /// Rounded rects and shadows go through the C kernel (`slider_raster_composite_shape`).
    private mutating func compositeShape(_ item: RasterItem, y: Int, from start: Int, to end: Int) {
        var shape = slider_raster_shape()
        shape.shadow = item.kind == .shadow ? 1 : 0
        (shape.lower_x, shape.lower_y, shape.upper_x, shape.upper_y) = (item.lower.x, item.lower.y, item.upper.x, item.upper.y)
        (shape.radius, shape.border_width, shape.sigma) = (item.radius, item.borderWidth, item.sigma)
        shape.fill = (item.fill.x, item.fill.y, item.fill.z, item.fill.w)
        shape.border = (item.border.x, item.border.y, item.border.z, item.border.w)
        slider_raster_composite_shape(storage, Int32(capacity), Int32(x), &shape, Int32(y), Int32(start), Int32(end))
    }

    /// Textured quads through the C kernel (`slider_raster_composite_quad`), a pixel at a time (the atlas
    /// is sampled per pixel): the shader's kind 4.
    private mutating func compositeTextured(_ item: RasterItem, y: Int, from start: Int, to end: Int, atlas: PixelAtlas) {
        var quad = slider_raster_quad()
        quad.distance_field = item.kind == .distanceField ? 1 : 0
        (quad.lower_x, quad.lower_y, quad.upper_x, quad.upper_y) = (item.lower.x, item.lower.y, item.upper.x, item.upper.y)
        (quad.u0, quad.v0, quad.u1, quad.v1) = (item.uv.x, item.uv.y, item.uv.z, item.uv.w)
        quad.fill = (item.fill.x, item.fill.y, item.fill.z, item.fill.w)
        (quad.field_scale, quad.edge) = (item.fieldScale, Float(DistanceFieldEncoding.edge))
        slider_raster_composite_quad(storage, Int32(capacity), Int32(x), &quad, Int32(y), Int32(start), Int32(end), atlas.texels, Int32(atlas.size))
    }

    /// Writes the row as ARGB8888 words (premultiplied, rounded to nearest) at `destination`, the row's
    /// first pixel.
    func write(to destination: UnsafeMutableRawPointer) {
        slider_raster_write_row(storage, Int32(capacity), Int32(width), destination.assumingMemoryBound(to: UInt32.self))
    }

    /// A premultiplied colour as an ARGB8888 word, rounded as `write` rounds.
    static func word(_ c: SIMD4<Float>) -> UInt32 { slider_raster_word(c.x, c.y, c.z, c.w) }
}
