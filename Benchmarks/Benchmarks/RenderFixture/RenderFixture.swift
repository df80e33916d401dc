import SliderCore
import SliderRenderer

/// One iOS slider across an 800 x 200 pt surface drawn offscreen, and the three frames the renderer
/// benchmarks measure. Shared by the wall-clock benchmarks and `render-frames` (instruction counts).
public final class RenderFixture {
    /// The frames measured: an empty scene redrawn in full (the floor), the slider redrawn in full, and a
    /// thumb moved by 4 pt with only the damage redrawn (buffer age 1, scene rebuilt from the slider).
    public enum Frame: String, CaseIterable {
        case clearOnly = "empty", full, thumbMove = "move"
    }

    public let target: OffscreenTarget
    public let renderer: SliderRenderer
    public let scale: Double
    private let slider: Slider
    private var scene: Scene
    private let empty: Scene
    private var flip = false
    /// Frames drawn so far.
    public private(set) var frames = 0

    public init(scale: Double) throws {
        self.scale = scale
        let width = Int(800 * scale), height = Int(200 * scale)
        target = try OffscreenTarget(width: width, height: height)
        renderer = try SliderRenderer()
        renderer.clearColor = .white
        slider = Slider(clock: ManualClock())
        slider.frame = Rect(x: 20, y: 78, width: 760, height: 44)
        slider.value = 0.5
        scene = Scene(capacity: 64)
        empty = Scene(pixelWidth: width, pixelHeight: height, scale: scale)
        rebuild()
    }

    private func rebuild() {
        SceneBuilder.build([slider], pixelWidth: target.width, pixelHeight: target.height, scale: scale, into: &scene)
    }

    /// Draws one frame of `kind` (without waiting for it; call `target.finish()` for that). The first
    /// thumb-move frame of a fixture is preceded by a full one, so there is a previous frame to repair.
    @discardableResult
    public func draw(_ kind: Frame) throws -> FrameResult {
        defer { frames += 1 }
        switch kind {
        case .clearOnly:
            return try renderer.render(empty, bufferAge: 0)
        case .full:
            return try renderer.render(scene, bufferAge: 0)
        case .thumbMove:
            if frames == 0 { try renderer.render(scene, bufferAge: 0) }
            flip.toggle()
            slider.value = flip ? 0.505 : 0.5
            rebuild()
            return try renderer.render(scene, bufferAge: 1)
        }
    }
}
