// wayland-frames: frame timing of a SliderWindow under a private headless weston (pixman renderer),
// with input injected through weston's seat, measured by FrameTiming (the harness `slider-demo bench`
// uses). Three phases of `--seconds` each (default 10):
//
//   clear   the window's background changes every frame, no sliders: a full clear + present per frame
//   drag    the pointer drags the thumb of an 800 x 200 pt window's slider, one motion per frame
//   idle    nothing changes: no frame should be drawn, no CPU used
//
// Reported: frames committed, frames per second, CPU time (this process, user + system) per frame,
// weston's CPU per frame, input-to-commit and input-to-present latency (median, p99, max), and the
// drag's CPU per frame as a ratio to the clear frame measured in the same run.
//
//   swift run -c release wayland-frames [--seconds N]
@_spi(Internals) import SliderWayland
import FrameTiming
import Foundation
import PrivateCompositors
@_spi(Internals) import WaylandSlider

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

/// Milliseconds with three decimals ("-" for none).
func milliseconds(_ value: Double?) -> String { value.map { String(format: "%.3f", $0) } ?? "-" }

do {
    let weston = try HeadlessWeston(width: 1024, height: 768)
    let size = Size(width: 800, height: 200)
    let background = Color(hex: 0xF2F2F7)
    let harness = FrameTimingHarness(seconds: seconds, compositorPID: weston.pid)
    var results = [try harness.measureClear(size: size, background: background, socket: weston.socketPath)]

    // A slider dragged one motion per frame through weston's seat, then left alone.
    let slider = Slider(name: "volume")
    slider.frame = Rect(x: 20, y: 78, width: 760, height: 44)
    var configuration = WindowConfiguration(title: "drag", size: size, hidesCursor: true, isDecorated: false)
    let window = try SliderWindow(measuring: configuration, sliders: [slider], background: background, socket: weston.socketPath)
    let input = try InjectedInput(surface: window.frameLoop)
    // Input is aimed through the window's view, which exists once weston has shown the first frame.
    try window.waitUntilShown(timeout: 5)
    var drag = DragScript(slider: slider)
    input.movePointer(to: drag.start)
    input.button(true)
    try input.roundtrip()
    try window.dispatch(timeout: 0)
    guard slider.isTracking else { throw BenchmarkError(description: "the injected press did not grab the thumb") }
    results.append(try harness.measure("drag", window: window) {
        if !window.hasFrameInFlight {
            input.movePointer(to: drag.nextPoint())
            try input.flush()
        }
        try window.dispatch(timeout: 0.1)
    })
    input.button(false)
    try input.roundtrip()
    results.append(try harness.measureIdle(window: window))

    print("wayland-frames: SliderWindow 800 x 200 pt under weston 10 headless (pixman), \(seconds) s per phase")
    print("EGL: " + (window.frameLoop.drawsThroughRetainedFramebuffer ? "no buffer age: retained framebuffer copied to the window" : "buffer age")
          + (window.frameLoop.swapsWithDamage ? ", swap with damage" : ", wl_surface.damage_buffer"))
    func cell(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
    let header = ["phase", "frames", "fps", "CPU ms/frame", "weston ms/frame", "CPU ms total", "input->commit p50/p99/max ms", "input->present p50/p99/max ms"]
    let widths = [6, 7, 6, 13, 16, 13, 30, 31]
    print(zip(header, widths).map { cell($0, $1) }.joined(separator: " "))
    for r in results {
        func triple(_ p: Distribution?) -> String { p.map { "\(milliseconds($0.median)) / \(milliseconds($0.p99)) / \(milliseconds($0.maximum))" } ?? "-" }
        let row = [r.name, "\(r.frames)", String(format: "%.1f", r.fps), milliseconds(r.cpuPerFrame.map { $0 * 1000 }),
                   milliseconds(r.compositorCPUPerFrame.map { $0 * 1000 }), milliseconds(r.cpuSeconds * 1000),
                   triple(r.name == "drag" ? r.inputToCommit : nil), triple(r.name == "drag" ? r.inputToPresent : nil)]
        print(zip(row, widths).map { cell($0, $1) }.joined(separator: " "))
    }
    if let clear = results.first(where: { $0.name == "clear" })?.cpuPerFrame, let drag = results.first(where: { $0.name == "drag" })?.cpuPerFrame {
        print(String(format: "drag / clear CPU per frame: %.2f", drag / clear))
    }
    if let render = results.first(where: { $0.name == "drag" })?.render {
        print("drag render (scene to swap return) p50/p99 ms: \(milliseconds(render.median)) / \(milliseconds(render.p99))")
    }
    print(String(format: "peak RSS of this process: %.1f MiB", ProcessUsage.peakResidentMiB()))
} catch {
    FileHandle.standardError.write(Data("wayland-frames: \(error)\n".utf8))
    exit(1)
}
