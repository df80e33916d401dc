import Foundation
@_spi(Internals) import SliderCore
@_spi(Internals) @testable import SliderRenderer

/// Renders scenes offscreen for tests and keeps the PNGs where a person can look at them:
/// `.build/renders/` under the package root (or `$SLIDER_RENDER_DIR`).
enum RenderHarness {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static var outputDirectory: URL {
        let dir = ProcessInfo.processInfo.environment["SLIDER_RENDER_DIR"].map { URL(fileURLWithPath: $0) }
            ?? packageRoot.appendingPathComponent(".build/renders")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static var goldenDirectory: URL { packageRoot.appendingPathComponent("Tests/SliderRendererTests/Golden") }

    /// Renders `scene` in full on a fresh target over `background`.
    static func render(_ scene: Scene, background: Color) throws -> RGBAImage {
        let target = try OffscreenTarget(width: scene.pixelWidth, height: scene.pixelHeight)
        let renderer = try SliderRenderer()
        renderer.clearColor = background
        try renderer.render(scene, bufferAge: 0)
        return try target.readPixels()
    }

    /// Renders `scene` in full with `kind`'s renderer over `background`.
    static func render(_ scene: Scene, background: Color, with kind: RendererKind) throws -> RGBAImage {
        switch kind {
        case .gles: return try render(scene, background: background)
        case .cpu:
            let renderer = CPURenderer()
            renderer.clearColor = background
            return try renderCPU(scene, with: renderer)
        }
    }

    /// Renders `scene` in full with `renderer` into memory of its own; the pixels as RGBA.
    static func renderCPU(_ scene: Scene, with renderer: CPURenderer) throws -> RGBAImage {
        var words = [UInt32](repeating: 0, count: scene.pixelWidth * scene.pixelHeight)
        try words.withUnsafeMutableBytes { bytes in
            _ = try renderer.render(scene, into: bytes, stride: scene.pixelWidth * 4, bufferAge: 0)
        }
        return words.withUnsafeBytes { RGBAImage(argb8888: $0.baseAddress!.assumingMemoryBound(to: UInt8.self), width: scene.pixelWidth, height: scene.pixelHeight)! }
    }

    static func save(_ image: RGBAImage, as name: String) throws {
        try image.writePNG(to: outputDirectory.appendingPathComponent(name + ".png").path)
    }

    /// A scene of `sliders` laid out in a target of `size` points at `scale`, over `background` (disabled
    /// sliders dimmed as a group over an opaque one).
    static func scene(_ sliders: [Slider], size: Size, scale: Double, background: Color? = nil) -> Scene {
        var scene = Scene()
        SceneBuilder.build(sliders, pixelWidth: Int((size.width * scale).rounded(.up)),
                           pixelHeight: Int((size.height * scale).rounded(.up)), scale: scale, into: &scene, background: background)
        return scene
    }
}
