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
    mutating func fill(from scene: Scene, clip: PixelRect, textures: TextureResources<TextureAtlas>) {
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
            case .image, .text:
                guard let atlas = try? textures.atlas() else { continue }
                textures.forEachTexturedQuad(of: p) { appendTextured($0, atlasSize: atlas.size, target: target) }
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

    /// A textured quad: a distance field (`texelScale` device pixels per texel) in the tint, or a
    /// premultiplied colour image times the tint.
    private mutating func appendTextured(_ quad: TextureResources<TextureAtlas>.TexturedQuad, atlasSize: Int, target: Rect) {
        var uv = quad.region.textureCoordinates(atlasSize: atlasSize)
        if quad.flipped { uv = (uv.0, uv.3, uv.2, uv.1) }
        let shape = (Float(DistanceFieldEncoding.texelsPerUnit * quad.texelScale), Float(quad.isDistanceField ? 0 : 1),
                     Float(DistanceFieldEncoding.edge), PrimitiveBatch.texturedKind)
        let before = vertices.count
        let rect = quad.rect
        appendQuad(rect, target: target, rect: (Float(rect.minX), Float(rect.minY), Float(rect.maxX), Float(rect.maxY)), shape: shape,
                   fill: PrimitiveBatch.premultiplied(quad.tint), border: uv)
        if vertices.count > before { texturedQuadCount += 1 }
    }

    static func premultiplied(_ c: Color) -> (Float, Float, Float, Float) {
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
