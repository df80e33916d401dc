import SliderCore

/// Everything textured primitives draw from: the atlas, the glyphs of the font, the built-in symbols and
/// the popup arrow (rasterized at start-up), and the images the application registered.
final class TextureResources {
    let atlas: TextureAtlas
    /// Nil when no font could be loaded; `fontError` says why, and drawing text throws it.
    let glyphs: GlyphCache?
    let fontError: RendererError?
    private var symbols: [AtlasRegion] = []
    let arrow: AtlasRegion
    private var images: [UInt32: AtlasRegion] = [:]

    init(fontPattern: String) throws(RendererError) {
        let atlas = try TextureAtlas()
        self.atlas = atlas
        do {
            let path = try FontLocator.file(matching: fontPattern)
            glyphs = try GlyphCache(face: try FontFace(path: path), atlas: atlas)
            fontError = nil
        } catch {
            glyphs = nil
            fontError = error
        }
        var symbols: [AtlasRegion] = []
        for symbol in SliderSymbol.allCases {
            let field = SymbolShapes.distanceField(symbol)
            symbols.append(try field.withUnsafeBufferPointer { bytes throws(RendererError) in
                try atlas.addDistanceField(width: SymbolShapes.cellSize, height: SymbolShapes.cellSize, distances: bytes, rowStride: SymbolShapes.cellSize)
            })
        }
        let arrowField = SymbolShapes.arrowDistanceField()
        arrow = try arrowField.withUnsafeBufferPointer { bytes throws(RendererError) in
            try atlas.addDistanceField(width: SymbolShapes.arrowCell.width, height: SymbolShapes.arrowCell.height, distances: bytes,
                                       rowStride: SymbolShapes.arrowCell.width)
        }
        self.symbols = symbols
    }

    func delete() { atlas.delete() }

    func region(of symbol: SliderSymbol) -> AtlasRegion { symbols[Int(symbol.rawValue)] }

    func region(ofImage id: UInt32) -> AtlasRegion? { images[id] }

    /// Stores `image` (straight alpha) premultiplied under `id`, replacing nothing: an id is registered once.
    func register(_ image: RGBAImage, id: UInt32) throws(RendererError) {
        var premultiplied = image.pixels
        for i in stride(from: 0, to: premultiplied.count, by: 4) {
            let a = UInt16(premultiplied[i + 3])
            for c in 0..<3 { premultiplied[i + c] = UInt8((UInt16(premultiplied[i + c]) * a + 127) / 255) }
        }
        images[id] = try premultiplied.withUnsafeBufferPointer { bytes throws(RendererError) in
            try atlas.add(width: image.width, height: image.height, pixels: bytes)
        }
    }

    /// Throws for a primitive this renderer cannot draw: an unregistered image id, or text without a font.
    func validate(_ scene: Scene) throws(RendererError) {
        for p in scene.primitives {
            switch p.slot {
            case .image(.user(let id)) where images[id] == nil: throw .unknownImage(id: id)
            case .text where glyphs == nil: throw fontError ?? .fontNotFound(pattern: "?")
            default: break
            }
        }
    }
}
