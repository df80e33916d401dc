import Benchmark
@_spi(Internals) import SliderCore

// Steady-state cost of the per-event and per-frame paths of SliderCore.
//
// Each benchmark builds its fixture and warms it up (press, a few moves, a first scene) before
// `benchmark.startMeasurement()`, so only the steady state is measured; `stopMeasurement()` is called
// before the fixture is released, so its deallocation is not measured either. Every benchmark runs
// 1000 operations per iteration (`scalingFactor: .kilo`); the text output shows metrics marked `*`
// per operation. The target for every benchmark here is 0 mallocs per operation.
//
// `peakMemoryResident` is deliberately not in the default metric set: on Linux the framework reads
// /proc/self/stat and /proc/self/io (allocating Strings) inside the malloc-counting window whenever an
// OS metric is requested, which adds 16 mallocs per iteration that are not SliderCore's, and it starts a
// 5 ms sampling thread. Ask for it on the command line when wanted: `--metric peakMemoryResident`.

/// Counts `onEvent` callbacks; a class so the closure captures one reference and allocates nothing per call.
final class EventCounter {
    var count = 0
}

/// Three horizontal sliders stacked 60 pt apart, as a small settings panel has them. The middle one is
/// stepped (0.01), starts at 0.5 and reports every event to `counter`.
struct Panel {
    let clock = ManualClock()
    let sliders: [Slider]
    let counter = EventCounter()

    static let steppedIndex = 1

    init() {
        var sliders: [Slider] = []
        for i in 0..<3 {
            let slider = Slider(name: "slider \(i)", clock: clock)
            slider.frame = Rect(x: 20, y: 20 + 60 * Double(i), width: 360, height: 44)
            sliders.append(slider)
        }
        let stepped = sliders[Panel.steppedIndex]
        do {
            try stepped.setStepping(.size(0.01))
            try stepped.setValue(0.5, animated: false)
            try sliders[0].setValue(0.25, animated: false)
            try sliders[2].setValue(0.75, animated: false)
        } catch {
            fatalError("fixture: \(error)")
        }
        let counter = counter
        stepped.onEvent = { _ in counter.count &+= 1 }
        self.sliders = sliders
    }

    var stepped: Slider { sliders[Panel.steppedIndex] }

    /// The centre of the stepped slider's thumb, in surface points.
    var steppedThumbCenter: Point {
        let s = stepped
        return s.layout.thumbCenter(atPosition: s.position)
    }

    func makeRouter() -> InputRouter {
        let router = InputRouter()
        for slider in sliders { router.add(slider) }
        return router
    }
}

/// An input stream with a millisecond clock that advances 8 ms per event (a 125 Hz device), and a
/// triangle wave of x offsets: `amplitude` points either side of the start, `stride` points per event.
struct DragWave {
    var time: UInt32 = 1_000
    var offset = 0.0
    var direction = 1.0
    let stride = 1.5
    let amplitude = 100.0

    mutating func next() -> Double {
        offset += direction * stride
        if offset >= amplitude { offset = amplitude; direction = -1 } else if offset <= -amplitude { offset = -amplitude; direction = 1 }
        return offset
    }

    mutating func tick() -> UInt32 {
        time &+= 8
        return time
    }
}

/// Drags the stepped slider: `move` sends one motion event and its frame at the given point and time.
/// 16 warm-up moves, then the measured loop; checks the drag really moved the slider.
func measureDrag(_ benchmark: Benchmark, panel: Panel, router: InputRouter, wave: inout DragWave, from start: Point,
                 move: (Point, UInt32) -> Void) {
    func step(_ wave: inout DragWave) {
        let p = Point(x: start.x + wave.next(), y: start.y)
        move(p, wave.tick())
        panel.clock.advance(by: 0.008)
    }
    for _ in 0..<16 { step(&wave) }
    precondition(panel.stepped.isTracking, "the press must have become a drag of the stepped slider")
    let before = panel.counter.count

    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { step(&wave) }
    benchmark.stopMeasurement()

    precondition(panel.stepped.isTracking, "the drag must still be in progress")
    precondition(panel.counter.count > before, "the drag must move the stepped slider")
    blackHole(panel.counter.count)
    withExtendedLifetime((panel, router)) {}
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 3,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 5_000
    )

    // One pointer frame of a drag: wl_pointer.motion + wl_pointer.frame, on a held left button.
    Benchmark("Router+engine: pointer drag event") { benchmark in
        let panel = Panel()
        let router = panel.makeRouter()
        var wave = DragWave()
        let start = panel.steppedThumbCenter
        router.handle(InputEvent(time: wave.tick(), .pointerEnter(start)))
        router.handle(InputEvent(time: wave.time, .pointerFrame))
        router.handle(InputEvent(time: wave.tick(), .pointerButton(button: PointerButton.left, state: .pressed)))
        router.handle(InputEvent(time: wave.time, .pointerFrame))
        precondition(router.pointerGrab === panel.stepped, "the press must grab the stepped slider")
        measureDrag(benchmark, panel: panel, router: router, wave: &wave, from: start) { p, time in
            router.handle(InputEvent(time: time, .pointerMotion(p)))
            router.handle(InputEvent(time: time, .pointerFrame))
        }
    }

    // One touch frame of a drag: wl_touch.motion + wl_touch.frame, the finger never lifted.
    Benchmark("Router+engine: touch drag event") { benchmark in
        let panel = Panel()
        let router = panel.makeRouter()
        var wave = DragWave()
        let start = panel.steppedThumbCenter
        let id: Int32 = 7
        router.handle(InputEvent(time: wave.tick(), .touchDown(id: id, start)))
        router.handle(InputEvent(time: wave.time, .touchFrame))
        // The warm-up moves pass the 8 pt touch slop along the track, so the gesture becomes a drag.
        measureDrag(benchmark, panel: panel, router: router, wave: &wave, from: start) { p, time in
            router.handle(InputEvent(time: time, .touchMotion(id: id, p)))
            router.handle(InputEvent(time: time, .touchFrame))
        }
    }

    // One key stroke on the focused slider: press + release, Right and Left alternating.
    Benchmark("Router+engine: key press") { benchmark in
        let panel = Panel()
        let router = panel.makeRouter()
        router.focus(panel.stepped, visible: true)
        var wave = DragWave()
        let none: Modifiers = []
        for i in 0..<16 {
            let key = i & 1 == 0 ? Keysym.right : Keysym.left
            router.handle(InputEvent(time: wave.tick(), .key(keysym: key, state: .pressed, modifiers: none)))
            router.handle(InputEvent(time: wave.tick(), .key(keysym: key, state: .released, modifiers: none)))
        }
        let before = panel.counter.count

        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            let key = i & 1 == 0 ? Keysym.right : Keysym.left
            router.handle(InputEvent(time: wave.tick(), .key(keysym: key, state: .pressed, modifiers: none)))
            router.handle(InputEvent(time: wave.tick(), .key(keysym: key, state: .released, modifiers: none)))
        }
        benchmark.stopMeasurement()

        precondition(panel.counter.count > before, "the keys must reach the slider")
        withExtendedLifetime((panel, router)) {}
    }

    // A full scene rebuild for three sliders after one of them moved (what a frame callback does).
    Benchmark("Scene build: 3 sliders") { benchmark in
        let panel = Panel()
        let sliders = panel.sliders
        var scene = Scene(capacity: 64)
        SceneBuilder.build(sliders, pixelWidth: 400, pixelHeight: 200, scale: 2, into: &scene)
        let moving = sliders[0]

        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            try? moving.setValue(Double(i % 101) / 100, animated: false)
            SceneBuilder.build(sliders, pixelWidth: 400, pixelHeight: 200, scale: 2, into: &scene)
        }
        benchmark.stopMeasurement()

        blackHole(scene.count)
        withExtendedLifetime(panel) {}
    }

    // The same rebuild with a Material slider held by its thumb: 101 ticks and the value popup, whose text
    // is formatted anew for every value (small strings stay inline: no allocation expected).
    Benchmark("Scene build: held slider with popup and ticks") { benchmark in
        let slider = Slider(clock: ManualClock())
        slider.style = .material()
        slider.style.tickVisibility = .always
        slider.reducesMotion = true
        slider.frame = Rect(x: 20, y: 78, width: 360, height: 44)
        try? slider.setBounds(minimum: 0, maximum: 100)
        try? slider.setStepping(.size(1))
        try? slider.setValue(50, animated: false)
        slider.beginTracking(.pointer, at: slider.layout.thumbCenter(atPosition: 0.5), time: 0)
        var scene = Scene(capacity: 256)
        SceneBuilder.build([slider], pixelWidth: 800, pixelHeight: 400, scale: 2, into: &scene)
        precondition(scene.primitives.contains { if case .text = $0.slot { true } else { false } }, "the popup must show")
        let sliders = [slider]

        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            slider.continueTracking(.pointer, at: slider.layout.thumbCenter(atPosition: Double(i % 101) / 100), time: Double(i))
            SceneBuilder.build(sliders, pixelWidth: 800, pixelHeight: 400, scale: 2, into: &scene)
        }
        benchmark.stopMeasurement()

        blackHole(scene.count)
    }

    // The damage between two frames that differ by one thumb position.
    Benchmark("Scene damage: thumb move") { benchmark in
        let panel = Panel()
        let sliders = panel.sliders
        var before = Scene(capacity: 64)
        var after = Scene(capacity: 64)
        SceneBuilder.build(sliders, pixelWidth: 400, pixelHeight: 200, scale: 2, into: &before)
        try? sliders[0].setValue(0.4, animated: false)
        SceneBuilder.build(sliders, pixelWidth: 400, pixelHeight: 200, scale: 2, into: &after)
        var rects: [PixelRect] = []
        rects.reserveCapacity(16)
        after.damage(since: before, into: &rects)
        precondition(!rects.isEmpty, "the two scenes must differ")

        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            if i & 1 == 0 {
                after.damage(since: before, into: &rects)
            } else {
                before.damage(since: after, into: &rects)
            }
            blackHole(rects.count)
        }
        benchmark.stopMeasurement()

        withExtendedLifetime((panel, before, after)) {}
    }
}
