import FoundationEssentials
@_spi(Internals) import SliderCore

/// The glyphs text has used, each a distance field in the atlas with its metrics, rendered the first time
/// it is drawn or measured (FreeType's SDF rendering is slow enough that all of ASCII up front would delay
/// the first frame), or read from the `GlyphDiskCache` an earlier run left. A character the font lacks is
/// drawn as U+FFFD (or "?" when the font lacks that too); control characters draw nothing.
final class GlyphCache: TextMeasuring {
    struct Glyph {
        /// Nil for a glyph with no ink (a space).
        var region: AtlasRegion?
        var left: Double, top: Double, advance: Double
    }

    let face: FontFace
    private let atlas: any AtlasStore
    private var ascii: [Glyph?] = Array(repeating: nil, count: 128)
    private var others: [UInt32: Glyph] = [:]
    private var replacementStorage: Glyph?
    private let replacementScalar: Unicode.Scalar
    private let diskCache: GlyphDiskCache?
    /// Every glyph the disk cache has or will have: what it held at start, then each one rendered since.
    private var diskEntries: [GlyphDiskCache.Entry] = []
    private var diskIndex: [UInt32: Int] = [:]
    private var hasUnsavedGlyphs = false
    /// Glyphs FreeType rendered, and glyphs read from the disk cache instead.
    private(set) var renderedCount = 0, loadedCount = 0

    /// `diskCacheDirectory` nil: no disk cache (every glyph is rendered).
    init(face: FontFace, atlas: any AtlasStore, diskCacheDirectory: String?) throws(RendererError) {
        self.face = face
        self.atlas = atlas
        replacementScalar = face.hasGlyph("\u{FFFD}") ? "\u{FFFD}" : "?"
        diskCache = diskCacheDirectory.flatMap { GlyphDiskCache(face: face, directory: $0) }
        for entry in diskCache?.load() ?? [] where diskIndex[entry.scalar] == nil {
            diskIndex[entry.scalar] = diskEntries.count
            diskEntries.append(entry)
        }
    }

    /// Writes the disk cache when glyphs were rendered since it was last written.
    func saveRenderedGlyphs() {
        guard hasUnsavedGlyphs, let diskCache else { return }
        diskCache.save(diskEntries)
        hasUnsavedGlyphs = false
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
        let entry = try distanceField(of: scalar)
        var region: AtlasRegion?
        if entry.width > 0, entry.height > 0 {
            region = try [UInt8](entry.distances).withUnsafeElements { bytes throws(RendererError) in
                try atlas.addDistanceField(width: entry.width, height: entry.height, distances: bytes, rowStride: entry.width)
            }
        }
        return Glyph(region: region, left: Double(entry.left), top: Double(entry.top), advance: entry.advance)
    }

    /// The glyph's distance field and metrics: from the disk cache when it has them, else rendered by
    /// FreeType (and kept for the disk cache).
    private func distanceField(of scalar: Unicode.Scalar) throws(RendererError) -> GlyphDiskCache.Entry {
        if let index = diskIndex[scalar.value] {
            loadedCount += 1
            return diskEntries[index]
        }
        let rendered = try face.render(scalar)
        renderedCount += 1
        var packed = Data(count: rendered.width * rendered.height)
        for row in 0..<rendered.height {
            let start = row * rendered.pitch
            packed.replaceSubrange(row * rendered.width..<(row + 1) * rendered.width,
                                   with: rendered.bitmap[start..<start + rendered.width])
        }
        let entry = GlyphDiskCache.Entry(scalar: scalar.value, width: rendered.width, height: rendered.height, left: rendered.left,
                                         top: rendered.top, advance: rendered.advance, distances: packed)
        if diskCache != nil {
            diskIndex[scalar.value] = diskEntries.count
            diskEntries.append(entry)
            hasUnsavedGlyphs = true
        }
        return entry
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
