import Foundation
@_spi(Internals) import SliderCore
@_spi(Internals) @testable import SliderRenderer
import Testing

/// Glyphs kept on disk between runs: a second renderer draws the same text without FreeType, byte for byte;
/// a damaged file is ignored and replaced; another font keeps its own file.
@Suite(.serialized) struct GlyphDiskCacheTests {
    let directory = NSTemporaryDirectory() + "slider-glyph-cache-\(UUID().uuidString)"

    /// Renders "Volume 72 %" black on white with a renderer of its own that keeps its glyphs in `directory`.
    func render(font: String = "DejaVu Sans") throws -> (image: RGBAImage, rendered: Int, loaded: Int) {
        let target = try OffscreenTarget(width: 260, height: 48)
        let renderer = try SliderRenderer(fontPattern: font, glyphCacheDirectory: directory)
        renderer.clearColor = .white
        var scene = Scene(pixelWidth: 260, pixelHeight: 48)
        scene.append(Primitive(kind: .text, rect: Rect(x: 0, y: 0, width: 260, height: 48), fillColor: .black,
                               slot: .text(TextRun("Volume 72 %", pixelSize: 26))))
        try renderer.render(scene)
        let counts = renderer.glyphCounts
        return (try target.readPixels(), counts.rendered, counts.loaded)
    }

    func cacheFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".plist") }.sorted()
    }

    @Test func aSecondRendererDrawsTheSameTextFromTheCache() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try render()
        #expect(first.rendered == 10 && first.loaded == 0, "V o l u m e, space, 7 2 %: \(first.rendered) rendered, \(first.loaded) read")
        #expect(cacheFiles().count == 1)
        let second = try render()
        #expect(second.rendered == 0 && second.loaded == 10, "\(second.rendered) rendered, \(second.loaded) read")
        #expect(second.image.pixels == first.image.pixels, "the cached glyphs draw exactly what FreeType's did")
    }

    @Test func aDamagedCacheFileIsIgnoredAndReplaced() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let reference = try render()
        let file = directory + "/" + (try #require(cacheFiles().first))
        let whole = try Data(contentsOf: URL(fileURLWithPath: file))
        // Cut short, then garbage: each is read as no cache at all.
        for damaged in [whole.prefix(whole.count / 2), Data("not a property list".utf8)] {
            try damaged.write(to: URL(fileURLWithPath: file))
            let drawn = try render()
            #expect(drawn.rendered == 10 && drawn.loaded == 0)
            #expect(drawn.image.pixels == reference.image.pixels)
            #expect(try render().loaded == 10, "the file was written anew, whole")
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)).count == whole.count)
        }
        #expect(cacheFiles().count == 1)
        let leftovers = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func anotherFontKeepsItsOwnFile() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let sans = try render(font: "DejaVu Sans")
        let serif = try render(font: "DejaVu Serif")
        #expect(serif.rendered == 10 && serif.loaded == 0, "the serif glyphs are not the sans ones")
        #expect(serif.image.pixels != sans.image.pixels)
        #expect(cacheFiles().count == 2)
    }

    @Test func anUnwritableDirectoryKeepsNothingAndDrawsAll() throws {
        // A file where the directory should be: the cache cannot be made, the text still draws.
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(FileManager.default.createFile(atPath: directory, contents: Data("x".utf8)))
        let drawn = try render()
        #expect(drawn.rendered == 10)
        #expect(drawn.image.pixels.contains(0), "the text has ink")
    }
}
