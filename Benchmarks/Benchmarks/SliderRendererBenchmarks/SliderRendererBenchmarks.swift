import Benchmark
import RenderFixture
@_spi(Internals) import SliderRenderer

// Frame cost of the GLES2 renderer offscreen (Mesa llvmpipe here), every frame ended with glFinish so the
// time is the whole frame, not just its submission; and of the CPU renderer drawing the same frames into
// memory ("Render CPU ..."; at 3840 x 960 also on one thread, to show what sharing a large frame out among
// the CPUs gives). Three frames per target size, measured in one run so
// their ratios mean something on a shared machine:
//   clear-only   the floor: an empty scene redrawn in full (one full-target clear, no draw call);
//   full         the slider scene redrawn in full (clear + one draw call);
//   thumb move   the thumb moves each frame and only the damage is redrawn (buffer age 1);
//   popup, ticks and icons: a Material slider held by its thumb, 101 ticks, end symbols, the value popup,
//   in full and as a one-step move that changes the popup's number (partial).
// The thumb-move frame includes building the scene from the slider, as a real frame does.

/// Fixtures live across iterations (the benchmark closure runs once per iteration); made on first use, on
/// the thread that runs the iterations, since an EGL context is current per thread.
nonisolated(unsafe) var fixtures: [String: RenderFixture] = [:]

func fixture(_ name: String, scale: Double, renderer: RendererKind, cpuThreads: Int?) throws -> RenderFixture {
    if let f = fixtures[name] {
        try f.target.makeCurrent()
        return f
    }
    let f = try RenderFixture(scale: scale, rendererKind: renderer, cpuThreads: cpuThreads)
    fixtures[name] = f
    return f
}

/// Registers a benchmark whose every iteration draws one `kind` frame, finishes it, and checks it.
func frameBenchmark(_ name: String, scale: Double, renderer: RendererKind, cpuThreads: Int? = nil, kind: RenderFixture.Frame,
                    check: @escaping (FrameResult) -> Bool) {
    Benchmark(name) { benchmark in
        let f = try fixture(name, scale: scale, renderer: renderer, cpuThreads: cpuThreads)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let result = try f.draw(kind)
            f.target.finish()
            precondition(check(result), "\(name): unexpected frame \(result)")
        }
        benchmark.stopMeasurement()
    }
}

func frameBenchmarks(scale: Double, label: String, renderer: RendererKind = .gles) {
    let label = renderer == .cpu ? "CPU \(label)" : label
    frameBenchmark("Render \(label): clear-only", scale: scale, renderer: renderer, kind: .clearOnly) { $0.isFullRedraw && $0.drawCalls == 0 }
    frameBenchmark("Render \(label): full slider frame", scale: scale, renderer: renderer, kind: .full) { $0.isFullRedraw && $0.drawCalls == 1 }
    frameBenchmark("Render \(label): thumb move, partial redraw", scale: scale, renderer: renderer, kind: .thumbMove) {
        !$0.isFullRedraw && $0.drawCalls == 1
    }
    frameBenchmark("Render \(label): popup, ticks and icons, full frame", scale: scale, renderer: renderer, kind: .featuresFull) {
        $0.isFullRedraw && $0.drawCalls == 1
    }
    frameBenchmark("Render \(label): thumb move with the popup, partial redraw", scale: scale, renderer: renderer, kind: .featuresMove) {
        !$0.isFullRedraw && $0.drawCalls == 1
    }
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
    frameBenchmarks(scale: 1, label: "800x200@1", renderer: .cpu)
    frameBenchmarks(scale: 2, label: "1600x400@2", renderer: .cpu)
    frameBenchmarks(scale: 4.8, label: "3840x960@4.8", renderer: .cpu)
    frameBenchmark("Render CPU 3840x960@4.8, one thread: full slider frame", scale: 4.8, renderer: .cpu, cpuThreads: 1, kind: .full) {
        $0.isFullRedraw && $0.drawCalls == 1
    }
    frameBenchmark("Render CPU 3840x960@4.8, one thread: popup, ticks and icons, full frame", scale: 4.8, renderer: .cpu, cpuThreads: 1,
                   kind: .featuresFull) { $0.isFullRedraw && $0.drawCalls == 1 }
}
