import Foundation
import Testing
@_spi(Internals) import SliderCore
@_spi(Internals) @testable import SliderRenderer

/// Bad scenes, sizes, contexts and files: a typed error, no crash, no GL error left behind.
@Suite(.serialized) struct BadInputTests {
    func scene(with primitive: Primitive) -> Scene {
        var scene = Scene(pixelWidth: 100, pixelHeight: 50, scale: 1)
        scene.append(Primitive(kind: .circle, rect: Rect(x: 10, y: 10, width: 20, height: 20), cornerRadius: 10, fillColor: .black))
        scene.append(primitive)
        return scene
    }

    @Test func nonFiniteOrHugeGeometryIsRefused() throws {
        let target = try OffscreenTarget(width: 100, height: 50)
        let renderer = try SliderRenderer()
        let bad: [Primitive] = [
            Primitive(kind: .roundedRect, rect: Rect(x: .nan, y: 0, width: 10, height: 10), fillColor: .black),
            Primitive(kind: .circle, rect: Rect(x: 0, y: 0, width: .infinity, height: 10), fillColor: .black),
            Primitive(kind: .shadow, rect: Rect(x: 0, y: 0, width: 10, height: 10), fillColor: .black, blur: .nan),
            Primitive(kind: .roundedRect, rect: Rect(x: 1e9, y: 0, width: 10, height: 10), fillColor: .black),
            Primitive(kind: .roundedRect, rect: Rect(x: 0, y: 0, width: 10, height: 10), fillColor: Color(red: .nan, green: 0, blue: 0)),
        ]
        try renderer.render(Scene(pixelWidth: 100, pixelHeight: 50, scale: 1))
        let before = try target.readPixels()
        for primitive in bad {
            #expect(throws: RendererError.invalidPrimitive(index: 1)) { try renderer.render(scene(with: primitive)) }
            #expect(SliderRenderer.drainErrors() == nil)
        }
        #expect(try target.readPixels() == before, "a refused scene draws nothing")
    }

    @Test func zeroSizedTargetsAreRefused() throws {
        #expect(throws: RendererError.invalidTargetSize(width: 0, height: 10)) { _ = try OffscreenTarget(width: 0, height: 10) }
        #expect(throws: RendererError.invalidTargetSize(width: 10, height: -1)) { _ = try OffscreenTarget(width: 10, height: -1) }
        let target = try OffscreenTarget(width: 10, height: 10)
        let renderer = try SliderRenderer()
        #expect(throws: RendererError.invalidTargetSize(width: 0, height: 0)) { try renderer.render(Scene()) }
        #expect(throws: RendererError.invalidTargetSize(width: 1_000_000, height: 10)) {
            try renderer.render(Scene(pixelWidth: 1_000_000, pixelHeight: 10))
        }
        #expect(SliderRenderer.drainErrors() == nil)
        _ = target
    }

    @Test func missingOrForeignContextIsATypedError() throws {
        let target = try OffscreenTarget(width: 64, height: 64)
        let renderer = try SliderRenderer()
        let scene = Scene(pixelWidth: 64, pixelHeight: 64)
        OffscreenTarget.releaseCurrentContext()
        #expect(throws: RendererError.noCurrentContext) { try renderer.render(scene) }
        #expect(throws: RendererError.noCurrentContext) { _ = try SliderRenderer() }
        let other = try OffscreenTarget(width: 64, height: 64)
        #expect(throws: RendererError.contextMismatch) { try renderer.render(scene) }
        try target.makeCurrent()
        #expect(throws: Never.self) { try renderer.render(scene) }
        _ = other
    }

    @Test func aDestroyedContextIsNotUsed() throws {
        var target: OffscreenTarget? = try OffscreenTarget(width: 32, height: 32)
        let renderer = try SliderRenderer()
        target = nil
        #expect(throws: RendererError.noCurrentContext) { try renderer.render(Scene(pixelWidth: 32, pixelHeight: 32)) }
        _ = target
    }

    @Test func tooManyPrimitivesIsRefused() throws {
        let target = try OffscreenTarget(width: 16, height: 16)
        let renderer = try SliderRenderer()
        var scene = Scene(pixelWidth: 16, pixelHeight: 16, capacity: 17_000)
        for _ in 0..<16_384 { scene.append(Primitive(kind: .tick, rect: Rect(x: 1, y: 1, width: 2, height: 2), cornerRadius: 1, fillColor: .black)) }
        #expect(throws: RendererError.tooManyPrimitives(16_384)) { try renderer.render(scene) }
        _ = target
    }

    @Test func missingAndCorruptPNGsGiveAClearError() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slider-png-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("missing.png").path
        #expect(throws: RendererError.self) { _ = try RGBAImage(contentsOfPNG: missing) }
        let corrupt = dir.appendingPathComponent("corrupt.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3, 4, 5]).write(to: corrupt)
        do {
            _ = try RGBAImage(contentsOfPNG: corrupt.path)
            Issue.record("a corrupt PNG was read")
        } catch {
            guard case .png(let path, let reason) = error else { Issue.record("wrong error \(error)"); return }
            #expect(path == corrupt.path && !reason.isEmpty)
        }
        #expect(throws: RendererError.self) { try RGBAImage(width: 2, height: 2).writePNG(to: "/nonexistent-dir/x.png") }
    }

    /// The PNGs `BadImages/make-bad-images.py` wrote.
    static func badImage(_ name: String) -> String {
        RenderHarness.packageRoot.appendingPathComponent("Tests/SliderRendererTests/BadImages/\(name)").path
    }

    /// A header that claims 100000 x 100000 pixels is refused from the header: nothing is allocated for the 40 GB
    /// it would decode to (the process aborted when it was: "failed to allocate 40000000032 bytes").
    @Test func aPNGWhoseHeaderClaimsHugeSidesIsRefusedBeforeAnyAllocation() throws {
        let path = BadInputTests.badImage("huge-header.png")
        #expect(throws: RendererError.invalidImageSize(path: path, width: 100_000, height: 100_000, maximumSide: RGBAImage.maximumPNGSide)) {
            _ = try RGBAImage(contentsOfPNG: path)
        }
        #expect(throws: RendererError.invalidImageSize(path: path, width: 100_000, height: 100_000, maximumSide: 1024)) {
            _ = try RGBAImage(contentsOfPNG: path, maximumSide: 1024)
        }
    }

    /// An image a renderer cannot hold is refused by size, from a file or as pixels, on both renderers; a PNG a
    /// renderer is given is read only as far as its header when it is too large.
    @Test(arguments: RendererKind.allCases)
    func imagesOverTheRegisteredSizeAreRefusedByBothRenderers(renderer kind: RendererKind) throws {
        let wide = BadInputTests.badImage("too-wide.png")
        #expect(try RGBAImage(contentsOfPNG: wide).width == 2000, "a real 2000 x 1 image")
        let target = kind == .gles ? try OffscreenTarget(width: 16, height: 16) : nil
        let renderer: SceneRenderer = kind == .gles ? try SliderRenderer() : CPURenderer()
        #expect(throws: RendererError.invalidImageSize(path: wide, width: 2000, height: 1, maximumSide: RGBAImage.maximumRegisteredSide)) {
            try renderer.registerImage(contentsOfPNG: wide, id: 1)
        }
        #expect(throws: RendererError.invalidImageSize(path: nil, width: 513, height: 1, maximumSide: RGBAImage.maximumRegisteredSide)) {
            try renderer.registerImage(RGBAImage(width: 513, height: 1), id: 2)
        }
        #expect(throws: RendererError.invalidImageSize(path: nil, width: 0, height: 0, maximumSide: RGBAImage.maximumRegisteredSide)) {
            try renderer.registerImage(RGBAImage(width: 0, height: 0), id: 3)
        }
        try renderer.registerImage(RGBAImage(width: 512, height: 512), id: 4)
        _ = target
    }

    /// A path that is not a regular file is refused at once: a FIFO no one writes (whose open alone would wait
    /// for a writer) and an endless device.
    @Test func aFIFOOrADeviceIsRefusedWithoutWaiting() throws {
        let fifo = NSTemporaryDirectory() + "slider-fifo-\(UUID().uuidString).png"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        for path in [fifo, "/dev/zero"] {
            #expect(throws: RendererError.png(path: path, reason: "not a regular file")) { _ = try RGBAImage(contentsOfPNG: path) }
        }
    }

    /// A PNG cut off in its pixel data is refused with libpng's reason and its path.
    @Test func aTruncatedPNGIsRefusedWithItsPath() {
        let path = BadInputTests.badImage("truncated.png")
        do {
            _ = try RGBAImage(contentsOfPNG: path)
            Issue.record("a truncated PNG was read")
        } catch {
            guard case .png(let named, let reason) = error else { Issue.record("wrong error \(error)"); return }
            #expect(named == path && !reason.isEmpty, "\(reason)")
        }
    }

    @Test func imagesOfTheWrongByteCountAreRefused() {
        #expect(RGBAImage(width: 2, height: 2, pixels: [1, 2, 3]) == nil)
        #expect(RGBAImage(width: -1, height: 2, pixels: []) == nil)
        #expect(RGBAImage(width: 1, height: 1, pixels: [1, 2, 3, 4]) != nil)
        #expect(RGBAImage(width: Int.max / 2, height: 3, pixels: []) == nil, "a side product past Int.max is refused, not a trap")
    }

    @Test func pngRoundTripKeepsPixels() throws {
        var image = RGBAImage(width: 3, height: 2)
        image.pixels = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 10, 20, 30, 255, 128, 128, 128, 255, 0, 0, 0, 0]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try image.writePNG(to: path)
        #expect(try RGBAImage(contentsOfPNG: path) == image)
    }
}
