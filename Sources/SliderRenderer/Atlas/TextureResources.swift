@_spi(Internals) import SliderCore

/// Everything textured primitives draw from: the atlas, the glyphs of the font, the built-in symbols and
/// the popup arrow, and the images the application registered. Nothing is made before it is first needed:
/// a window with no text and no icons never loads a font, rasterizes a glyph or allocates the atlas, so it
/// starts sooner. `Atlas` is where the texels go: a GL texture or memory for the CPU renderer.
final class TextureResources<Atlas: AtlasStore>: TextMeasuring {
    private let fontPattern: String
    private let glyphCacheDirectory: String?
    private var atlasStorage: Atlas?
    private var glyphStorage: GlyphCache?
    private var fontLoadError: RendererError?
    private var fontAttempted = false
    private var symbols: [AtlasRegion?] = Array(repeating: nil, count: SliderSymbol.allCases.count)
    private var arrowRegion: AtlasRegion?
    private var images: [UInt32: AtlasRegion] = [:]

    /// `glyphCacheDirectory`: where glyphs are kept between runs (`GlyphDiskCache`); nil keeps none.
    init(fontPattern: String, glyphCacheDirectory: String?) {
        self.fontPattern = fontPattern
        self.glyphCacheDirectory = glyphCacheDirectory
    }

    func delete() { atlasStorage?.delete() }

    /// The atlas, created on first use (1024 x 1024 RGBA texels).
    func atlas() throws(RendererError) -> Atlas {
        if let atlasStorage { return atlasStorage }
        let atlas = try Atlas()
        atlasStorage = atlas
        return atlas
    }

    /// The glyphs of the font, loading the font on first use; nil (with `fontError` set) when it cannot be.
    var glyphs: GlyphCache? {
        if fontAttempted { return glyphStorage }
        fontAttempted = true
        do {
            let path = try FontLocator.file(matching: fontPattern)
            glyphStorage = try GlyphCache(face: try FontFace(path: path), atlas: try atlas(), diskCacheDirectory: glyphCacheDirectory)
        } catch {
            fontLoadError = error
        }
        return glyphStorage
    }

    /// Why text cannot be drawn: nil when the font loads (this loads it).
    var fontError: RendererError? {
        _ = glyphs
        return fontLoadError
    }

    func width(of text: TextRun) -> Double {
        glyphs?.width(of: text) ?? ApproximateTextMetrics().width(of: text)
    }

    /// The region of `symbol`, rasterized into the atlas the first time it is drawn.
    func region(of symbol: SliderSymbol) throws(RendererError) -> AtlasRegion {
        if let region = symbols[Int(symbol.rawValue)] { return region }
        let field = SymbolShapes.distanceField(symbol)
        let atlas = try atlas()
        let region = try field.withUnsafeElements { bytes throws(RendererError) in
            try atlas.addDistanceField(width: SymbolShapes.cellSize, height: SymbolShapes.cellSize, distances: bytes, rowStride: SymbolShapes.cellSize)
        }
        symbols[Int(symbol.rawValue)] = region
        return region
    }

    /// The popup arrow's region, rasterized the first time it is drawn.
    func arrow() throws(RendererError) -> AtlasRegion {
        if let arrowRegion { return arrowRegion }
        let field = SymbolShapes.arrowDistanceField()
        let atlas = try atlas()
        let region = try field.withUnsafeElements { bytes throws(RendererError) in
            try atlas.addDistanceField(width: SymbolShapes.arrowCell.width, height: SymbolShapes.arrowCell.height, distances: bytes,
                                       rowStride: SymbolShapes.arrowCell.width)
        }
        arrowRegion = region
        return region
    }

    func region(ofImage id: UInt32) -> AtlasRegion? { images[id] }

    /// Stores `image` (premultiplied, as every `RGBAImage` is) under `id`.
    func register(_ image: RGBAImage, id: UInt32) throws(RendererError) {
        try image.checkRegistrable()
        let atlas = try atlas()
        images[id] = try image.pixels.withUnsafeElements { bytes throws(RendererError) in
            try atlas.add(width: image.width, height: image.height, pixels: bytes)
        }
    }

    /// Throws for a primitive this renderer cannot draw: an unregistered image id, or text without a font.
    /// Rasterizes the symbols and the arrow the scene uses that are not in the atlas yet.
    func prepare(_ scene: Scene) throws(RendererError) {
        for p in scene.primitives {
            switch p.slot {
            case .image(.user(let id)) where images[id] == nil: throw .unknownImage(id: id)
            case .image(.symbol(let symbol)): _ = try region(of: symbol)
            case .arrow: _ = try arrow()
            case .text where glyphs == nil: throw fontLoadError ?? .fontNotFound(pattern: fontPattern)
            default: break
            }
        }
    }

    /// Writes the glyphs rendered since the last call to the disk cache (once a frame, after its batch).
    func saveRenderedGlyphs() { glyphStorage?.saveRenderedGlyphs() }

    /// One textured quad of a primitive: where it goes, which region it samples, and how.
    struct TexturedQuad {
        var rect: Rect
        var region: AtlasRegion
        /// Sampled upside down (the popup arrow pointing up).
        var flipped = false
        /// A distance field in alpha (glyphs, symbols, the arrow), else a premultiplied colour image.
        var isDistanceField: Bool
        /// Device pixels per atlas texel.
        var texelScale: Double
        var tint: Color
    }

    /// Calls `body` with each textured quad of `p` in drawing order: one for an image, a symbol or the
    /// arrow, one per inked glyph of text (the run centred in the primitive's rect, its cap height centred
    /// vertically, the start and the baseline on whole pixels). Nothing for other primitives, or for a
    /// region that cannot be had (`prepare` has thrown for those).
    func forEachTexturedQuad(of p: Primitive, _ body: (TexturedQuad) -> Void) {
        switch p.slot {
        case .image(.symbol(let symbol)):
            guard let region = try? region(of: symbol) else { return }
            body(TexturedQuad(rect: p.rect, region: region, isDistanceField: true, texelScale: p.rect.width / Double(SymbolShapes.cellSize),
                              tint: p.fillColor))
        case .image(.user(let id)):
            guard let region = region(ofImage: id) else { return }
            body(TexturedQuad(rect: p.rect, region: region, isDistanceField: false, texelScale: 1, tint: p.fillColor))
        case .arrow(let pointsDown):
            guard let region = try? arrow() else { return }
            body(TexturedQuad(rect: p.rect, region: region, flipped: !pointsDown, isDistanceField: true,
                              texelScale: p.rect.width / Double(SymbolShapes.arrowCell.width), tint: p.fillColor))
        case .text(let run):
            guard let glyphs, run.pixelSize > 0 else { return }
            let k = glyphs.scale(for: run.pixelSize)
            var penX = (p.rect.midX - glyphs.width(of: run) / 2).rounded()
            let baseline = (p.rect.midY + glyphs.face.capHeight * k / 2).rounded()
            run.forEachScalar { scalar in
                guard let glyph = try? glyphs.glyph(for: scalar) else { return }
                if let region = glyph.region {
                    let quad = Rect(x: penX + glyph.left * k, y: baseline - glyph.top * k, width: Double(region.width) * k,
                                    height: Double(region.height) * k)
                    body(TexturedQuad(rect: quad, region: region, isDistanceField: true, texelScale: k, tint: p.fillColor))
                }
                penX += glyph.advance * k
            }
        case .none:
            return
        }
    }
}
