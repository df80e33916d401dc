import Testing
@_spi(Internals) import SliderCore
@_spi(Internals) @testable import SliderRenderer

@Suite struct PrimitiveBatchTests {
    /// Textured primitives need the atlas, and the atlas a GL context.
    static func textures() throws -> (OffscreenTarget, TextureResources<TextureAtlas>) {
        let target = try OffscreenTarget(width: 8, height: 8)
        return (target, TextureResources(fontPattern: "sans-serif", glyphCacheDirectory: nil))
    }

    @Test func quadsAreTightAroundEachPrimitiveNeverTheWholeTarget() throws {
        let (target, textures) = try PrimitiveBatchTests.textures()
        defer { withExtendedLifetime(target) {} }
        let s = Slider(clock: ManualClock())
        s.frame = Rect(x: 10, y: 10, width: 780, height: 44)
        try s.setValue(0.5, animated: false)
        var scene = Scene()
        SceneBuilder.build([s], pixelWidth: 800, pixelHeight: 200, scale: 1, into: &scene)
        var batch = PrimitiveBatch(capacity: 16)
        batch.fill(from: scene, clip: PixelRect(x: 0, y: 0, width: 800, height: 200), textures: textures)
        #expect(batch.quadCount == scene.primitives.filter { $0.rect.width > 0 && $0.rect.height > 0 }.count)
        #expect(batch.quadCount == scene.count - 1, "the empty track piece below the fill is not drawn")
        var area = 0.0
        for q in 0..<batch.quadCount {
            let a = batch.vertices[q * 4], c = batch.vertices[q * 4 + 2]
            let quadArea = Double(c.x - a.x) * Double(c.y - a.y)
            #expect(quadArea < 800 * 200 / 10, "quad \(q) covers \(quadArea) px")
            area += quadArea
        }
        #expect(area < 800 * 200 / 2, "all quads together: \(area) px of 160000")
    }

    @Test func primitivesOutsideTheClipAreSkipped() throws {
        let (target, textures) = try PrimitiveBatchTests.textures()
        defer { withExtendedLifetime(target) {} }
        var scene = Scene(pixelWidth: 200, pixelHeight: 100)
        scene.append(Primitive(kind: .circle, rect: Rect(x: 10, y: 10, width: 20, height: 20), cornerRadius: 10, fillColor: .black))
        scene.append(Primitive(kind: .circle, rect: Rect(x: 150, y: 10, width: 20, height: 20), cornerRadius: 10, fillColor: .black))
        scene.append(Primitive(kind: .image, rect: Rect(x: 150, y: 10, width: 20, height: 20), fillColor: .black, slot: .image(.symbol(.plus))))
        var batch = PrimitiveBatch(capacity: 4)
        batch.fill(from: scene, clip: PixelRect(x: 100, y: 0, width: 100, height: 100), textures: textures)
        #expect(batch.quadCount == 2, "the circle and the symbol on the right")
        #expect(batch.vertices[0].x >= 148)
        #expect(batch.vertices[4].shape.3 == PrimitiveBatch.texturedKind)
    }

    @Test func textBecomesOneQuadPerInkedGlyphCentredInItsRect() throws {
        let (target, textures) = try PrimitiveBatchTests.textures()
        defer { withExtendedLifetime(target) {} }
        var scene = Scene(pixelWidth: 200, pixelHeight: 100)
        scene.append(Primitive(kind: .text, rect: Rect(x: 50, y: 30, width: 100, height: 40), fillColor: .black,
                               slot: .text(TextRun("1 2", pixelSize: 24))))
        var batch = PrimitiveBatch(capacity: 4)
        batch.fill(from: scene, clip: PixelRect(x: 0, y: 0, width: 200, height: 100), textures: textures)
        #expect(batch.quadCount == 2, "the space has no ink")
        let left = batch.vertices[0].x, right = batch.vertices[6].x
        #expect(abs(Double(left + right) / 2 - 100) < 8, "centred: \(left)...\(right)")
    }

    @Test func indicesMakeTwoTrianglesPerQuad() {
        #expect(PrimitiveBatch.indices(quads: 2) == [0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7])
    }
}
