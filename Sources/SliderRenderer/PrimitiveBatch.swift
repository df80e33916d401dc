@_spi(Internals) import SliderCore

/// The scene as quads for one draw call: four `PrimitiveVertex` per drawable primitive, each quad the
/// primitive's bounds (shape plus anti-aliasing fringe plus shadow margin), never the whole target.
/// The storage is reused frame to frame: no allocation once it is large enough.
struct PrimitiveBatch {
    /// The most quads one batch holds: 16-bit indices address 65536 vertices.
    static let maximumQuads = 16383
    /// Coordinates beyond this many device pixels are refused: float precision is long gone there.
    static let coordinateLimit = 1e7

    private(set) var vertices: [PrimitiveVertex] = []
    var quadCount: Int { vertices.count / 4 }
    /// Quads that sample the atlas: a batch with any needs the textured program.
    private(set) var texturedQuadCount = 0
    var hasTexturedQuads: Bool { texturedQuadCount > 0 }

    init(capacity: Int) {
        vertices.reserveCapacity(capacity * 4)
    }

    /// Throws when a primitive has a non-finite field or a coordinate past `coordinateLimit`, or the scene is
    /// larger than one batch. Checked before any GL call, so a bad scene changes nothing.
    static func validate(_ scene: Scene) throws(RendererError) {
        guard scene.count <= maximumQuads else { throw .tooManyPrimitives(scene.count) }
        for (index, p) in scene.primitives.enumerated() {
            let sane = isSane(p.rect.minX) && isSane(p.rect.minY) && isSane(p.rect.width) && isSane(p.rect.height)
                && isSane(p.cornerRadius) && isSane(p.borderWidth) && isSane(p.blur)
                && isSane(p.fillColor) && isSane(p.borderColor)
            guard sane else { throw .invalidPrimitive(index: index) }
        }
    }

    private static func isSane(_ x: Double) -> Bool { x.isFinite && abs(x) <= coordinateLimit }

    private static func isSane(_ c: Color) -> Bool {
        c.red.isFinite && c.green.isFinite && c.blue.isFinite && c.alpha.isFinite
    }

    /// The shader's kind for textured quads (glyphs, symbols, images): it samples the atlas.
    static let texturedKind: Float = 4

    /// Rebuilds the quads for the primitives of `scene` that touch `clip` (device pixels, y down), in order.
    /// Each quad is the primitive's bounds clipped to the target, not to `clip`. Images and text become
    /// textured quads from `textures` (one per glyph); call `TextureResources.prepare` first.
    mutating func fill(from scene: Scene, clip: PixelRect, textures: TextureResources) {
        vertices.removeAll(keepingCapacity: true)
        texturedQuadCount = 0
        let target = Rect(x: 0, y: 0, width: Double(scene.pixelWidth), height: Double(scene.pixelHeight))
        for p in scene.primitives {
            guard p.rect.width > 0, p.rect.height > 0 else { continue }
            let b = p.bounds
            // Skip what misses the clip, but clip quads to the target only: a partial redraw must interpolate
            // exactly the positions a full redraw does (the scissor keeps it inside the damage), or it differs
            // from the full frame in the last bit.
            guard b.maxX > Double(clip.x), b.minX < Double(clip.maxX), b.maxY > Double(clip.y), b.minY < Double(clip.maxY) else { continue }
            let kind: Float
            switch p.kind {
            case .roundedRect: kind = 0
            case .circle: kind = 1
            case .shadow: kind = 2
            case .tick: kind = 3
            case .image:
                appendImage(p, textures: textures, target: target)
                continue
            case .text:
                appendText(p, textures: textures, target: target)
                continue
            }
            let rect = (Float(p.rect.minX), Float(p.rect.minY), Float(p.rect.maxX), Float(p.rect.maxY))
            let shape = (Float(p.cornerRadius), Float(p.borderWidth), Float(p.blur / 2), kind)
            appendQuad(b, target: target, rect: rect, shape: shape, fill: PrimitiveBatch.premultiplied(p.fillColor),
                       border: PrimitiveBatch.premultiplied(p.borderColor))
        }
    }

    /// Four vertices covering `quad` clipped to `target`.
    private mutating func appendQuad(_ quad: Rect, target: Rect, rect: (Float, Float, Float, Float), shape: (Float, Float, Float, Float),
                                     fill: (Float, Float, Float, Float), border: (Float, Float, Float, Float)) {
        let x0 = max(quad.minX, target.minX), y0 = max(quad.minY, target.minY)
        let x1 = min(quad.maxX, target.maxX), y1 = min(quad.maxY, target.maxY)
        guard x1 > x0, y1 > y0 else { return }
        var corner = PrimitiveVertex(x: Float(x0), y: Float(y0), rect: rect, shape: shape, fill: fill, border: border)
        vertices.append(corner)
        corner.x = Float(x1)
        vertices.append(corner)
        corner.y = Float(y1)
        vertices.append(corner)
        corner.x = Float(x0)
        vertices.append(corner)
    }

    /// A textured quad drawing atlas `region` into `rect`: a distance field (`texelScale` device pixels per
    /// texel) in the tint, or a premultiplied colour image times the tint.
    private mutating func appendTextured(_ rect: Rect, region: AtlasRegion, flipped: Bool = false, isDistanceField: Bool,
                                         texelScale: Double, tint: Color, textures: TextureResources, target: Rect) {
        guard let atlas = try? textures.atlas() else { return }
        var uv = region.textureCoordinates(atlasSize: atlas.size)
        if flipped { uv = (uv.0, uv.3, uv.2, uv.1) }
        let shape = (Float(DistanceFieldEncoding.texelsPerUnit * texelScale), Float(isDistanceField ? 0 : 1),
                     Float(DistanceFieldEncoding.edge), PrimitiveBatch.texturedKind)
        let before = vertices.count
        appendQuad(rect, target: target, rect: (Float(rect.minX), Float(rect.minY), Float(rect.maxX), Float(rect.maxY)), shape: shape,
                   fill: PrimitiveBatch.premultiplied(tint), border: uv)
        if vertices.count > before { texturedQuadCount += 1 }
    }

    private mutating func appendImage(_ p: Primitive, textures: TextureResources, target: Rect) {
        switch p.slot {
        case .image(.symbol(let symbol)):
            guard let region = try? textures.region(of: symbol) else { return }
            appendTextured(p.rect, region: region, isDistanceField: true,
                           texelScale: p.rect.width / Double(SymbolShapes.cellSize), tint: p.fillColor, textures: textures, target: target)
        case .image(.user(let id)):
            guard let region = textures.region(ofImage: id) else { return }
            appendTextured(p.rect, region: region, isDistanceField: false, texelScale: 1, tint: p.fillColor, textures: textures, target: target)
        case .arrow(let pointsDown):
            guard let region = try? textures.arrow() else { return }
            appendTextured(p.rect, region: region, flipped: !pointsDown, isDistanceField: true,
                           texelScale: p.rect.width / Double(SymbolShapes.arrowCell.width), tint: p.fillColor, textures: textures, target: target)
        case .none, .text:
            return
        }
    }

    /// One quad per glyph: the run centred in the primitive's rect, its cap height centred vertically, the
    /// start and the baseline on whole pixels.
    private mutating func appendText(_ p: Primitive, textures: TextureResources, target: Rect) {
        guard case .text(let run) = p.slot, let glyphs = textures.glyphs, run.pixelSize > 0 else { return }
        let k = glyphs.scale(for: run.pixelSize)
        var penX = (p.rect.midX - glyphs.width(of: run) / 2).rounded()
        let baseline = (p.rect.midY + glyphs.face.capHeight * k / 2).rounded()
        run.forEachScalar { scalar in
            guard let glyph = try? glyphs.glyph(for: scalar) else { return }
            if let region = glyph.region {
                let quad = Rect(x: penX + glyph.left * k, y: baseline - glyph.top * k, width: Double(region.width) * k, height: Double(region.height) * k)
                appendTextured(quad, region: region, isDistanceField: true, texelScale: k, tint: p.fillColor, textures: textures, target: target)
            }
            penX += glyph.advance * k
        }
    }

    private static func premultiplied(_ c: Color) -> (Float, Float, Float, Float) {
        let a = min(max(c.alpha, 0), 1)
        return (Float(min(max(c.red, 0), 1) * a), Float(min(max(c.green, 0), 1) * a), Float(min(max(c.blue, 0), 1) * a), Float(a))
    }

    /// Indices for `quads` quads: two triangles (0 1 2, 0 2 3) per quad.
    static func indices(quads: Int) -> [UInt16] {
        var result: [UInt16] = []
        result.reserveCapacity(quads * 6)
        for q in 0..<quads {
            let v = UInt16(q * 4)
            result.append(contentsOf: [v, v + 1, v + 2, v, v + 2, v + 3])
        }
        return result
    }
}
