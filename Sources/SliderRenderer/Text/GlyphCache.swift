import SliderCore

/// The glyphs text has used, each a distance field in the atlas with its metrics, rendered the first time
/// it is drawn or measured (FreeType's SDF rendering is slow enough that all of ASCII up front would delay
/// the first frame). A character the font lacks is drawn as U+FFFD (or "?" when the font lacks that too);
/// control characters draw nothing.
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
    private var replacementStorage: Glyph?
    private let replacementScalar: Unicode.Scalar

    init(face: FontFace, atlas: TextureAtlas) throws(RendererError) {
        self.face = face
        self.atlas = atlas
        replacementScalar = face.hasGlyph("\u{FFFD}") ? "\u{FFFD}" : "?"
    }

    /// The glyph drawn for characters the font lacks.
    private var replacement: Glyph? {
        if replacementStorage == nil { replacementStorage = try? rasterizeCached(replacementScalar) }
        return replacementStorage
    }

    /// The glyph drawn for `scalar` (rendering and uploading it on first use). Nil for control characters.
    func glyph(for scalar: Unicode.Scalar) throws(RendererError) -> Glyph? {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return nil }
        if value < 128, let cached = ascii[Int(value)] { return cached }
        if let cached = others[value] { return cached }
        guard face.hasGlyph(scalar) else { return replacement }
        return try rasterizeCached(scalar)
    }

    private func rasterizeCached(_ scalar: Unicode.Scalar) throws(RendererError) -> Glyph {
        let glyph = try rasterize(scalar)
        if scalar.value < 128 { ascii[Int(scalar.value)] = glyph } else { others[scalar.value] = glyph }
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
