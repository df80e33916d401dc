@_spi(Internals) import SliderCore
@_spi(Internals) import SliderRenderer

/// One iOS slider across an 800 x 200 pt surface drawn offscreen, and the frames the renderer benchmarks
/// measure. Shared by the wall-clock benchmarks and `render-frames` (instruction counts). Drawn by the GLES2
/// renderer into `target`, or by the CPU renderer into memory of the fixture's own (`rendererKind`).
package final class RenderFixture {
    /// The frames measured: an empty scene redrawn in full (the floor), the slider redrawn in full, and a
    /// thumb moved by 4 pt with only the damage redrawn (buffer age 1, scene rebuilt from the slider); then
    /// the same two for a Material slider held by its thumb with everything besides track and thumb: 101
    /// tick marks, minus and plus end symbols, the value popup with its text (a move is one step, 7 pt,
    /// and changes the popup's number).
    package enum Frame: String, CaseIterable {
        case clearOnly = "empty", full, thumbMove = "move", featuresFull = "features", featuresMove = "features-move"
    }

    package let target: OffscreenTarget
    package let renderer: SliderRenderer
    /// The CPU renderer and its target (ARGB8888 words), when the fixture draws with it.
    private let cpu: (renderer: CPURenderer, pixels: UnsafeMutableRawPointer)?
    package let scale: Double
    private let slider: Slider
    private let featured: Slider
    private var scene: Scene
    private var featuredScene: Scene
    private let empty: Scene
    private var flip = false
    /// Frames drawn so far.
    package private(set) var frames = 0

    /// `cpuThreads`: the most threads the CPU renderer draws a frame on (nil: its default).
    package init(scale: Double, rendererKind: RendererKind = .gles, cpuThreads: Int? = nil) throws {
        self.scale = scale
        let width = Int(800 * scale), height = Int(200 * scale)
        target = try OffscreenTarget(width: width, height: height)
        renderer = try SliderRenderer()
        renderer.clearColor = .white
        if rendererKind == .cpu {
            let cpuRenderer = CPURenderer()
            cpuRenderer.clearColor = .white
            if let cpuThreads { cpuRenderer.threadLimit = cpuThreads }
            cpu = (cpuRenderer, UnsafeMutableRawPointer.allocate(byteCount: width * height * 4, alignment: 16))
        } else {
            cpu = nil
        }
        slider = Slider(clock: ManualClock())
        slider.frame = Rect(x: 20, y: 78, width: 760, height: 44)
        try slider.setValue(0.5, animated: false)
        featured = Slider(clock: ManualClock())
        featured.style = .material()
        featured.style.tickVisibility = .always
        featured.reducesMotion = true
        featured.frame = Rect(x: 20, y: 78, width: 760, height: 44)
        featured.minimumValueImage = .symbol(.minus)
        featured.maximumValueImage = .symbol(.plus)
        try featured.setBounds(minimum: 0, maximum: 100)
        try featured.setStepping(.size(1))
        try featured.setValue(50, animated: false)
        scene = Scene(capacity: 64)
        featuredScene = Scene(capacity: 256)
        empty = Scene(pixelWidth: width, pixelHeight: height, scale: scale)
        rebuild()
        // Held by its thumb: the popup shows.
        featured.beginTracking(.pointer, at: featured.layout.thumbCenter(atPosition: 0.5), time: 0)
        rebuildFeatured()
    }

    deinit { cpu?.pixels.deallocate() }

    private func rebuild() {
        SceneBuilder.build([slider], pixelWidth: target.width, pixelHeight: target.height, scale: scale, into: &scene)
    }

    private func rebuildFeatured() {
        SceneBuilder.build([featured], pixelWidth: target.width, pixelHeight: target.height, scale: scale, into: &featuredScene,
                           textMetrics: cpu?.renderer.textMetrics ?? renderer.textMetrics)
    }

    /// Draws one frame of `kind` (without waiting for it; call `target.finish()` for that). The first
    /// thumb-move frame of a fixture is preceded by a full one, so there is a previous frame to repair.
    @discardableResult
    package func draw(_ kind: Frame) throws -> FrameResult {
        defer { frames += 1 }
        switch kind {
        case .clearOnly:
            return try render(empty, bufferAge: 0)
        case .full:
            return try render(scene, bufferAge: 0)
        case .thumbMove:
            if frames == 0 { try render(scene, bufferAge: 0) }
            flip.toggle()
            try slider.setValue(flip ? 0.505 : 0.5, animated: false)
            rebuild()
            return try render(scene, bufferAge: 1)
        case .featuresFull:
            return try render(featuredScene, bufferAge: 0)
        case .featuresMove:
            if frames == 0 { try render(featuredScene, bufferAge: 0) }
            flip.toggle()
            featured.continueTracking(.pointer, at: featured.layout.thumbCenter(atPosition: flip ? 0.51 : 0.5), time: Double(frames))
            rebuildFeatured()
            return try render(featuredScene, bufferAge: 1)
        }
    }

    @discardableResult
    private func render(_ scene: Scene, bufferAge: Int) throws -> FrameResult {
        guard let cpu else { return try renderer.render(scene, bufferAge: bufferAge) }
        return try cpu.renderer.render(scene, into: UnsafeMutableRawBufferPointer(start: cpu.pixels, count: target.width * target.height * 4), stride: target.width * 4,
                                       bufferAge: bufferAge)
    }
}
