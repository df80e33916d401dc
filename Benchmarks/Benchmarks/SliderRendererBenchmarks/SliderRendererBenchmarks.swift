import Benchmark
import SliderCore
import SliderRenderer

// Frame cost of the GLES2 renderer offscreen (Mesa llvmpipe here), every frame ended with glFinish so the
// time is the whole frame, not just its submission. Three frames per target size, measured in one run so
// their ratios mean something on a shared machine:
//   clear-only   the floor: an empty scene redrawn in full (one full-target clear, no draw call);
//   full         the slider scene redrawn in full (clear + one draw call);
//   thumb move   the thumb moves each frame and only the damage is redrawn (buffer age 1).
// The thumb-move frame includes building the scene from the slider, as a real frame does.

/// One iOS slider across an 800 x 200 pt surface, and everything needed to draw it.
final class Fixture {
    let target: OffscreenTarget
    let renderer: SliderRenderer
    let slider: Slider
    var scene: Scene
    let empty: Scene
    let scale: Double
    var flip = false
    var frames = 0

    init(scale: Double) throws {
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
        SceneBuilder.build([slider], pixelWidth: width, pixelHeight: height, scale: scale, into: &scene)
    }

    /// Moves the thumb by 4 pt back and forth and rebuilds the scene in place.
    func moveThumb() {
        flip.toggle()
        slider.value = flip ? 0.505 : 0.5
        SceneBuilder.build([slider], pixelWidth: target.width, pixelHeight: target.height, scale: scale, into: &scene)
    }
}

/// Fixtures live across iterations (the benchmark closure runs once per iteration); made on first use, on
/// the thread that runs the iterations, since an EGL context is current per thread.
nonisolated(unsafe) var fixtures: [String: Fixture] = [:]

func fixture(_ name: String, scale: Double) throws -> Fixture {
    if let f = fixtures[name] {
        try f.target.makeCurrent()
        return f
    }
    let f = try Fixture(scale: scale)
    fixtures[name] = f
    return f
}

/// Registers a benchmark whose every iteration draws one frame with `frame`, finishes it, and checks it.
func frameBenchmark(_ name: String, scale: Double, frame: @escaping (Fixture) throws -> FrameResult,
                    check: @escaping (FrameResult) -> Bool) {
    Benchmark(name) { benchmark in
        let f = try fixture(name, scale: scale)
        // The first frame of a fixture has no previous frame to repair: draw it before measuring.
        if f.frames == 0 { try f.renderer.render(f.scene, bufferAge: 0) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let result = try frame(f)
            f.target.finish()
            precondition(check(result), "\(name): unexpected frame \(result)")
            f.frames += 1
        }
        benchmark.stopMeasurement()
    }
}

func frameBenchmarks(scale: Double, label: String) {
    frameBenchmark("Render \(label): clear-only", scale: scale,
                   frame: { f in try f.renderer.render(f.empty, bufferAge: 0) },
                   check: { $0.isFullRedraw && $0.drawCalls == 0 })
    frameBenchmark("Render \(label): full slider frame", scale: scale,
                   frame: { f in try f.renderer.render(f.scene, bufferAge: 0) },
                   check: { $0.isFullRedraw && $0.drawCalls == 1 })
    frameBenchmark("Render \(label): thumb move, partial redraw", scale: scale,
                   frame: { f in
                       f.moveThumb()
                       return try f.renderer.render(f.scene, bufferAge: 1)
                   },
                   check: { !$0.isFullRedraw && $0.drawCalls == 1 })
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 20,
        maxDuration: .seconds(4),
        maxIterations: 1_000
    )
    frameBenchmarks(scale: 1, label: "800x200@1")
    frameBenchmarks(scale: 2, label: "1600x400@2")
}
