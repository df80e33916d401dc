// wayland-frames: frame timing of a SliderWindow under a private headless weston (pixman renderer),
// with input injected through weston's seat. Three phases of `--seconds` each (default 10):
//
//   clear   the window's background changes every frame, no sliders: a full clear + present per frame
//   drag    the pointer drags the thumb of an 800 x 200 pt window's slider, one motion per frame
//   idle    nothing changes: no frame should be drawn, no CPU used
//
// Reported: frames presented, frames per second, CPU time (this process, user + system) per presented
// frame, weston's CPU per frame, input-to-commit and input-to-present latency (median, p99, max), and the
// drag's CPU per frame as a ratio to the clear frame measured in the same run.
//
//   swift run -c release --package-path Benchmarks wayland-frames [--seconds N]
import Foundation
import HeadlessWeston
import WaylandSlider

var seconds = 10.0
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--seconds":
        guard let text = arguments.next(), let value = Double(text), value > 0, value <= 600 else {
            FileHandle.standardError.write(Data("wayland-frames: --seconds takes a number from 0 to 600\n".utf8))
            exit(2)
        }
        seconds = value
    default:
        FileHandle.standardError.write(Data("usage: wayland-frames [--seconds N]\n".utf8))
        exit(2)
    }
}

struct BenchmarkError: Error, CustomStringConvertible { let description: String }

struct PhaseResult {
    var name: String
    var frames: Int
    var elapsed: Double
    var cpu: Double
    var compositorCPU: Double?
    var inputToCommit: Distribution?
    var inputToPresent: Distribution?
    var renderDuration: Distribution?

    var cpuPerFrame: Double? { frames > 0 ? cpu / Double(frames) : nil }
}

func milliseconds(_ value: Double?) -> String {
    guard let value else { return "-" }
    return String(format: "%.3f", value * 1000)
}

/// Runs `body` (one iteration of the loop) for `seconds` and measures the window's frames and CPU.
@MainActor func measure(_ name: String, window: SliderWindow, weston: HeadlessWeston, _ body: () throws -> Void) throws -> PhaseResult {
    window.statistics.reset()
    let westonStart = weston.pid.flatMap { ProcessUsage.cpuSeconds(of: $0) }
    let cpuStart = ProcessUsage.cpuSeconds()
    let start = Date()
    while Date().timeIntervalSince(start) < seconds { try body() }
    let cpu = ProcessUsage.cpuSeconds() - cpuStart
    let elapsed = Date().timeIntervalSince(start)
    let westonCPU = westonStart.flatMap { s in weston.pid.flatMap { ProcessUsage.cpuSeconds(of: $0) }.map { $0 - s } }
    let frames = window.statistics.frames
    return PhaseResult(name: name, frames: window.statistics.presentedCount, elapsed: elapsed, cpu: cpu, compositorCPU: westonCPU,
                       inputToCommit: Distribution(frames.compactMap { f in f.inputTime.map { f.commitTime - $0 } }),
                       inputToPresent: Distribution(frames.compactMap { f in f.inputTime.flatMap { i in f.presentTime.map { $0 - i } } }),
                       renderDuration: Distribution(frames.map(\.renderDuration)))
}

do {
    let weston = try HeadlessWeston(width: 1024, height: 768)
    let size = Size(width: 800, height: 200)
    let background = Color(hex: 0xF2F2F7)

    // Phase 1: clear-only frames.
    var results: [PhaseResult] = []
    do {
        let window = try SliderWindow(WindowConfiguration(title: "clear", size: size, hidesCursor: true), sliders: [],
                                      background: background, socket: weston.socketPath)
        var flip = false
        results.append(try measure("clear", window: window, weston: weston) {
            if !window.hasFrameInFlight {
                flip.toggle()
                window.background = flip ? Color(hex: 0xF2F2F7) : Color(hex: 0xF2F2F6)
            }
            try window.dispatch(timeout: 0.1)
        })
    }

    // Phases 2 and 3: a slider dragged one motion per frame, then left alone.
    let slider = Slider(name: "volume")
    slider.frame = Rect(x: 20, y: 78, width: 760, height: 44)
    let window = try SliderWindow(WindowConfiguration(title: "drag", size: size, hidesCursor: true), sliders: [slider],
                                  background: background, socket: weston.socketPath)
    let input = try InjectedInput(client: window.client, surface: window.toplevel.surface)
    // Input is aimed through the window's view, which exists once weston has shown the first frame.
    try window.waitUntilShown(timeout: 5)
    let left = slider.layout.thumbCenter(atPosition: 0.05), right = slider.layout.thumbCenter(atPosition: 0.95)
    input.movePointer(to: slider.layout.thumbCenter(atPosition: slider.model.position(of: slider.value)))
    input.button(true)
    try window.client.connection.roundtrip()
    try window.dispatch(timeout: 0)
    guard slider.isTracking else { throw BenchmarkError(description: "the injected press did not grab the thumb") }
    var step = 0
    results.append(try measure("drag", window: window, weston: weston) {
        if !window.hasFrameInFlight {
            step += 1
            // A triangle wave across the track, 7 pt per frame.
            let span = right.x - left.x, travel = Double(step * 7).truncatingRemainder(dividingBy: 2 * span)
            let x = left.x + (travel < span ? travel : 2 * span - travel)
            input.movePointer(to: Point(x: x, y: left.y))
            try window.client.connection.flush()
        }
        try window.dispatch(timeout: 0.1)
    })
    input.button(false)
    try window.client.connection.roundtrip()
    // The release redraws the thumb un-highlighted; let that frame finish before idling.
    let settled = Date().addingTimeInterval(0.5)
    while Date() < settled { try window.dispatch(timeout: 0.05) }
    results.append(try measure("idle", window: window, weston: weston) { try window.dispatch(timeout: 1) })

    print("wayland-frames: SliderWindow 800 x 200 pt under weston 10 headless (pixman), \(seconds) s per phase")
    print("EGL: " + (window.drawsThroughRetainedFramebuffer ? "no buffer age: retained framebuffer copied to the window" : "buffer age")
          + (window.swapsWithDamage ? ", swap with damage" : ", wl_surface.damage_buffer"))
    func cell(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
    let header = ["phase", "frames", "fps", "CPU ms/frame", "weston ms/frame", "CPU ms total", "input->commit p50/p99/max ms", "input->present p50/p99/max ms"]
    let widths = [6, 7, 6, 13, 16, 13, 30, 31]
    print(zip(header, widths).map { cell($0, $1) }.joined(separator: " "))
    for r in results {
        let westonPerFrame = r.frames > 0 ? r.compositorCPU.map { $0 / Double(r.frames) } : nil
        func triple(_ p: Distribution?) -> String { p.map { "\(milliseconds($0.median)) / \(milliseconds($0.p99)) / \(milliseconds($0.maximum))" } ?? "-" }
        let row = [r.name, "\(r.frames)", String(format: "%.1f", Double(r.frames) / r.elapsed), milliseconds(r.cpuPerFrame),
                   milliseconds(westonPerFrame), milliseconds(r.cpu), triple(r.name == "drag" ? r.inputToCommit : nil),
                   triple(r.name == "drag" ? r.inputToPresent : nil)]
        print(zip(row, widths).map { cell($0, $1) }.joined(separator: " "))
    }
    if let clear = results.first(where: { $0.name == "clear" })?.cpuPerFrame, let drag = results.first(where: { $0.name == "drag" })?.cpuPerFrame {
        print(String(format: "drag / clear CPU per frame: %.2f", drag / clear))
    }
    if let render = results.first(where: { $0.name == "drag" })?.renderDuration {
        print("drag render (scene to swap return) p50/p99 ms: \(milliseconds(render.median)) / \(milliseconds(render.p99))")
    }
    print(String(format: "peak RSS of this process: %.1f MiB", ProcessUsage.peakResidentMiB()))
} catch {
    FileHandle.standardError.write(Data("wayland-frames: \(error)\n".utf8))
    exit(1)
}
