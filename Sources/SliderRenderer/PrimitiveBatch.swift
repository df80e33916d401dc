import SliderCore

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

    /// Rebuilds the quads for the primitives of `scene` that touch `clip` (device pixels, y down), in order.
    /// Each quad is the primitive's bounds clipped to the target, not to `clip`.
    /// Image and text primitives are not drawn by this renderer yet.
    mutating func fill(from scene: Scene, clip: PixelRect) {
        vertices.removeAll(keepingCapacity: true)
        let width = Double(scene.pixelWidth), height = Double(scene.pixelHeight)
        for p in scene.primitives {
            let kind: Float
            switch p.kind {
            case .roundedRect: kind = 0
            case .circle: kind = 1
            case .shadow: kind = 2
            case .tick: kind = 3
            case .image, .text: continue
            }
            guard p.rect.width > 0, p.rect.height > 0 else { continue }
            let b = p.bounds
            // Skip what misses the clip, but clip quads to the target only: a partial redraw must interpolate
            // exactly the positions a full redraw does (the scissor keeps it inside the damage), or it differs
            // from the full frame in the last bit.
            guard b.maxX > Double(clip.x), b.minX < Double(clip.maxX), b.maxY > Double(clip.y), b.minY < Double(clip.maxY) else { continue }
            let x0 = max(b.minX, 0), y0 = max(b.minY, 0)
            let x1 = min(b.maxX, width), y1 = min(b.maxY, height)
            guard x1 > x0, y1 > y0 else { continue }
            let rect = (Float(p.rect.minX), Float(p.rect.minY), Float(p.rect.maxX), Float(p.rect.maxY))
            let shape = (Float(p.cornerRadius), Float(p.borderWidth), Float(p.blur / 2), kind)
            let fill = PrimitiveBatch.premultiplied(p.fillColor), border = PrimitiveBatch.premultiplied(p.borderColor)
            var corner = PrimitiveVertex(x: Float(x0), y: Float(y0), rect: rect, shape: shape, fill: fill, border: border)
            vertices.append(corner)
            corner.x = Float(x1)
            vertices.append(corner)
            corner.y = Float(y1)
            vertices.append(corner)
            corner.x = Float(x0)
            vertices.append(corner)
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
