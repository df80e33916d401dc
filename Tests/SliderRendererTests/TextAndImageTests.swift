import Foundation
import Testing
@_spi(Internals) import SliderCore
@_spi(Internals) @testable import SliderRenderer

/// Text from the FreeType SDF atlas and user images from PNG: bad input gives clear errors, never a crash.
@Suite(.serialized) struct TextAndImageTests {
    /// Renders one text primitive (black on white) and returns the image.
    func renderText(_ text: String, pixelSize: Double = 26, width: Int = 240, height: Int = 48) throws -> RGBAImage {
        let target = try OffscreenTarget(width: width, height: height)
        let renderer = try SliderRenderer()
        renderer.clearColor = .white
        var scene = Scene(pixelWidth: width, pixelHeight: height)
        scene.append(Primitive(kind: .text, rect: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), fillColor: .black,
                               slot: .text(TextRun(text, pixelSize: pixelSize))))
        try renderer.render(scene)
        return try target.readPixels()
    }

    /// Columns holding ink (any pixel darker than mid-grey).
    func inkedColumns(_ image: RGBAImage) -> [Int] {
        (0..<image.width).filter { x in (0..<image.height).contains { y in image[x, y].red < 128 } }
    }

    @Test func digitsDrawCentredAndCrisp() throws {
        let image = try renderText("2.65")
        try RenderHarness.save(image, as: "text-digits")
        let columns = inkedColumns(image)
        let left = try #require(columns.first), right = try #require(columns.last)
        #expect(abs(Double(left + right) / 2 - 120) <= 2, "centred: ink from \(left) to \(right)")
        // Crisp: the stems of the digits reach full black.
        #expect((0..<image.width).contains { x in (0..<image.height).contains { y in image[x, y].red == 0 } })
    }

    @Test func charactersTheFontLacksDrawTheReplacementGlyph() throws {
        // DejaVu Sans has no CJK ideographs and no glyph in the private use area (it does have some emoji).
        let missing = try renderText("\u{E000}漢")
        let replacement = try renderText("\u{FFFD}\u{FFFD}")
        try RenderHarness.save(missing, as: "text-missing-glyphs")
        try RenderHarness.save(replacement, as: "text-replacement-glyphs")
        let difference = ImageDifference(missing, replacement)
        #expect(difference.maximum == 0, "each missing character draws as U+FFFD: \(difference)")
        #expect(!inkedColumns(missing).isEmpty)
    }

    @Test func controlCharactersAndOtherScriptsDoNotBreakText() throws {
        let image = try renderText("a\u{0007}\tΩж€")
        try RenderHarness.save(image, as: "text-other-scripts")
        #expect(inkedColumns(image).count > 40)
        let metrics = try OffscreenTarget(width: 4, height: 4)
        defer { withExtendedLifetime(metrics) {} }
        let renderer = try SliderRenderer()
        #expect(renderer.textMetrics.width(of: TextRun("a\u{0007}", pixelSize: 20)) == renderer.textMetrics.width(of: TextRun("a", pixelSize: 20)))
    }

    @Test func measuredWidthsMatchTheInk() throws {
        let target = try OffscreenTarget(width: 4, height: 4)
        defer { withExtendedLifetime(target) {} }
        let renderer = try SliderRenderer()
        let width = renderer.textMetrics.width(of: TextRun("888", pixelSize: 26))
        #expect(abs(width - 3 * 0.636 * 26) < 1, "DejaVu's digits advance 0.636 em: \(width)")
        let image = try renderText("888")
        let columns = inkedColumns(image)
        #expect(Double(columns.last! - columns.first!) <= width && Double(columns.last! - columns.first!) >= width - 8)
    }

    @Test func noFontIsAClearErrorOnlyWhenTextIsDrawn() throws {
        let config = NSTemporaryDirectory() + "slider-no-fonts-\(UUID().uuidString).conf"
        defer { unlink(config) }
        try "<?xml version=\"1.0\"?>\n<!DOCTYPE fontconfig SYSTEM \"fonts.dtd\">\n<fontconfig></fontconfig>\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        #expect(throws: RendererError.fontNotFound(pattern: "sans-serif")) {
            _ = try FontLocator.file(matching: "sans-serif", configFile: config)
        }
        #expect(try FontLocator.file(matching: "sans-serif").hasSuffix(".ttf"))
    }

    @Test func missingAndCorruptPNGsAreClearErrors() throws {
        let target = try OffscreenTarget(width: 4, height: 4)
        defer { withExtendedLifetime(target) {} }
        let renderer = try SliderRenderer()
        let missing = NSTemporaryDirectory() + "no-such-image-\(UUID().uuidString).png"
        do {
            try renderer.registerImage(contentsOfPNG: missing, id: 1)
            Issue.record("a missing PNG was accepted")
        } catch {
            guard case .png(let path, let reason) = error else { Issue.record("wrong error \(error)"); return }
            #expect(path == missing && !reason.isEmpty)
        }
        let corrupt = NSTemporaryDirectory() + "corrupt-image-\(UUID().uuidString).png"
        defer { unlink(corrupt) }
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3, 4, 5]).write(to: URL(fileURLWithPath: corrupt))
        do {
            try renderer.registerImage(contentsOfPNG: corrupt, id: 2)
            Issue.record("a corrupt PNG was accepted")
        } catch {
            guard case .png(let path, _) = error else { Issue.record("wrong error \(error)"); return }
            #expect(path == corrupt)
        }
    }

    @Test func anUnregisteredImageIdIsRefusedBeforeDrawing() throws {
        let target = try OffscreenTarget(width: 40, height: 40)
        defer { withExtendedLifetime(target) {} }
        let renderer = try SliderRenderer()
        var scene = Scene(pixelWidth: 40, pixelHeight: 40)
        scene.append(Primitive(kind: .image, rect: Rect(x: 10, y: 10, width: 20, height: 20), fillColor: .white, slot: .image(.user(id: 42))))
        #expect(throws: RendererError.unknownImage(id: 42)) { try renderer.render(scene) }
    }

    @Test func aPNGEndImageDrawsTintedByState() throws {
        // A 16 x 16 white square with a transparent border, written and read back through libpng.
        var square = RGBAImage(width: 16, height: 16)
        for y in 2..<14 { for x in 2..<14 { let i = (y * 16 + x) * 4; square.pixels.replaceSubrange(i..<i + 4, with: [255, 255, 255, 255]) } }
        let path = NSTemporaryDirectory() + "slider-square-\(UUID().uuidString).png"
        defer { unlink(path) }
        try square.writePNG(to: path)
        let target = try OffscreenTarget(width: 200, height: 44)
        let renderer = try SliderRenderer()
        renderer.clearColor = .white
        try renderer.registerImage(contentsOfPNG: path, id: 7)
        let slider = Slider(clock: ManualClock())
        slider.frame = Rect(x: 0, y: 0, width: 200, height: 44)
        slider.minimumValueImage = .user(id: 7)
        var scene = Scene()
        SceneBuilder.build([slider], pixelWidth: 200, pixelHeight: 44, scale: 1, into: &scene)
        try renderer.render(scene)
        let normal = try target.readPixels()
        let imageRect = try #require(slider.layout.minimumImageRect)
        let centre = normal[Int(imageRect.midX), Int(imageRect.midY)]
        // Tinted with the iOS image colour: #3C3C43 at 60 % over white.
        let expected = 255 - Int((Double(255 - 0x3C) * 0.6).rounded())
        #expect(abs(Int(centre.red) - expected) <= 2, "tinted centre \(centre)")
        slider.isEnabled = false
        SceneBuilder.build([slider], pixelWidth: 200, pixelHeight: 44, scale: 1, into: &scene)
        try renderer.render(scene)
        let disabled = try target.readPixels()[Int(imageRect.midX), Int(imageRect.midY)]
        #expect(disabled.red > centre.red + 40, "disabled is fainter: \(disabled) vs \(centre)")
        try RenderHarness.save(try target.readPixels(), as: "text-png-end-image-disabled")
    }

    /// A translucent image draws at its own alpha on both renderers: white at 50 % alpha, read from a PNG, moves
    /// the background half as far as the same square opaque, given as pixels. (Images were premultiplied twice,
    /// by the PNG reader and again when registered: it moved it about 0.58 as far, and translucent edges were dark.)
    @Test(arguments: RendererKind.allCases)
    func aTranslucentImageDrawsAtItsOwnAlpha(renderer kind: RendererKind) throws {
        func square(alpha: UInt8) -> RGBAImage { RGBAImage(width: 16, height: 16, pixels: [UInt8](repeating: alpha, count: 16 * 16 * 4))! }
        let path = NSTemporaryDirectory() + "slider-half-\(UUID().uuidString).png"
        try square(alpha: 128).writePNG(to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let target = kind == .gles ? try OffscreenTarget(width: 200, height: 44) : nil
        let renderer: SceneRenderer = kind == .gles ? try SliderRenderer() : CPURenderer()
        renderer.clearColor = .white
        try renderer.registerImage(contentsOfPNG: path, id: 1)
        try renderer.registerImage(square(alpha: 255), id: 2)
        let slider = Slider(clock: ManualClock())
        slider.frame = Rect(x: 0, y: 0, width: 200, height: 44)
        func centre(ofImage id: UInt32) throws -> Int {
            slider.minimumValueImage = .user(id: id)
            let imageRect = try #require(slider.layout.minimumImageRect)
            let scene = RenderHarness.scene([slider], size: Size(width: 200, height: 44), scale: 1)
            let image: RGBAImage
            if let gl = renderer as? SliderRenderer {
                _ = try gl.render(scene, bufferAge: 0)
                image = try #require(target).readPixels()
            } else {
                image = try RenderHarness.renderCPU(scene, with: try #require(renderer as? CPURenderer))
            }
            return Int(image[Int(imageRect.midX), Int(imageRect.midY)].red)
        }
        let half = 255 - (try centre(ofImage: 1)), opaque = 255 - (try centre(ofImage: 2))
        #expect(opaque > 60, "the opaque image darkens the white background: by \(opaque)")
        #expect(abs(Double(half) - Double(opaque) / 2) <= 2, "half alpha moves it by \(half), the opaque one by \(opaque)")
    }
}
