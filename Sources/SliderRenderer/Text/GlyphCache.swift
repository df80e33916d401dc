import SliderCore

/// The glyphs text has used, each a distance field in the atlas with its metrics: printable ASCII is
/// rendered up front, anything else the first time it is drawn or measured. A character the font lacks
/// is drawn as U+FFFD (or "?" when the font lacks that too); control characters draw nothing.
final class GlyphCache: TextMeasuring {
    struct Glyph {
        /// Nil for a glyph with no ink (a space).
        var region: AtlasRegion?
        var left: Double, top: Double, advance: Double
    }

    let face: FontFace
    private let atlas: TextureAtlas
    private var ascii: [Glyph?] = Array(repeating: nil, count: 128)
    private var others: [UInt32: Glyph] = [:]
    private var replacement: Glyph?

    init(face: FontFace, atlas: TextureAtlas) throws(RendererError) {
        self.face = face
        self.atlas = atlas
        for code in UInt8(0x20)...UInt8(0x7E) { ascii[Int(code)] = try rasterize(Unicode.Scalar(code)) }
        let fallback: Unicode.Scalar = face.hasGlyph("\u{FFFD}") ? "\u{FFFD}" : "?"
        replacement = try glyph(for: fallback)
    }

    /// The glyph drawn for `scalar` (rendering and uploading it on first use). Nil for control characters.
    func glyph(for scalar: Unicode.Scalar) throws(RendererError) -> Glyph? {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return nil }
        if value < 128, let cached = ascii[Int(value)] { return cached }
        if let cached = others[value] { return cached }
        guard face.hasGlyph(scalar) else { return replacement }
        let glyph = try rasterize(scalar)
        others[value] = glyph
        return glyph
    }

    private func rasterize(_ scalar: Unicode.Scalar) throws(RendererError) -> Glyph {
        let rendered = try face.render(scalar)
        var region: AtlasRegion?
        if rendered.width > 0, rendered.height > 0 {
            region = try rendered.bitmap.withUnsafeBufferPointer { bytes throws(RendererError) in
                try atlas.addDistanceField(width: rendered.width, height: rendered.height, distances: bytes, rowStride: rendered.pitch)
            }
        }
        return Glyph(region: region, left: Double(rendered.left), top: Double(rendered.top), advance: rendered.advance)
    }

    /// Device pixels per atlas texel for text of `pixelSize`.
    func scale(for pixelSize: Double) -> Double { pixelSize / Double(FontFace.rasterSize) }

    /// The advance width of `text` in device pixels, as it will be drawn (characters not yet in the atlas
    /// are measured by rendering them; a glyph that cannot be rendered counts as the replacement's width).
    func width(of text: TextRun) -> Double {
        var width = 0.0
        text.forEachScalar { scalar in
            do {
                width += try glyph(for: scalar)?.advance ?? 0
            } catch {
                width += replacement?.advance ?? 0
            }
        }
        return width * scale(for: text.pixelSize)
    }
}
