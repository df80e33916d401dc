import Foundation
import HeadlessWeston
import SliderRenderer
import WaylandSlider

/// `slider-demo bench`: frame timing of the demo panel under the current compositor (or a private headless
/// weston). Three phases of `--seconds` each, measured in one run so their ratio means something on a shared
/// machine: *clear* (an empty window whose background changes every frame: the floor), the *scenario* (a
/// pointer drag across the volume slider replayed one motion per frame, `--replay FILE` looped, or the
/// volume animating), and *idle* (nothing changes: no frame should be drawn). Each phase's first 0.5 s is
/// warm-up, not counted.
enum BenchCommand {
    struct Phase {
        var name: String
        var seconds = 0.0
        var frames = 0
        var cpuSeconds = 0.0
        var render: Distribution?
        var inputToCommit: Distribution?
        var inputToPresent: Distribution?
        /// (seconds since the phase began, milliseconds since the previous commit) per frame, for the plot.
        var intervals: [(Double, Double)] = []

        var fps: Double { seconds > 0 ? Double(frames) / seconds : 0 }
        var cpuPerFrame: Double? { frames > 0 ? cpuSeconds / Double(frames) : nil }
    }

    static let warmUp = 0.5

    static func run(_ options: DemoOptions) throws -> Int32 {
        let session = try DisplaySession.open(forceHeadless: options.forcesHeadless, width: 1024, height: 768, scale: options.scale)
        let compositor = session.isHeadless ? "private headless weston 10 (pixman)" : "the running Wayland session"
        // Startup: from process start to the panel's first frame committed and presented.
        let clock = SystemClock()
        let connecting = ProcessUsage.age()
        let panel = try ControlPanel(style: options.theme.style, clock: clock)
        let window = try SliderWindow(WindowConfiguration(title: "WaylandSlider bench", appID: "org.waylandslider.Bench", size: ControlPanel.size,
                                                          hidesCursor: true),
                                      sliders: panel.sliders, background: options.theme.background, socket: session.socket)
        let firstCommit = ProcessUsage.age()
        try window.waitUntilShown(timeout: 5)
        let firstPresent = ProcessUsage.age()

        let clear = try measureClear(options: options, session: session)
        let scenario = try measureScenario(options: options, window: window, panel: panel)
        let idle = try measureIdle(options: options, window: window)

        let report = Report(compositor: compositor, scenario: options.scenario.rawValue, replay: options.replayPath, seconds: options.seconds,
                            firstCommit: firstCommit, firstPresent: firstPresent,
                            compositorStartup: session.isHeadless ? connecting : nil, peakRSS: ProcessUsage.peakResidentMiB(),
                            clear: clear, measured: scenario, idle: idle,
                            drawsThroughRetainedFramebuffer: window.drawsThroughRetainedFramebuffer,
                            pixelWidth: window.toplevel.pixelSize.width, pixelHeight: window.toplevel.pixelSize.height)
        print(options.printsJSON ? report.json : report.table)
        if let plot = options.plotPath {
            try FrameTimePlot.render(phases: [clear, scenario], to: plot)
            if !options.printsJSON { print("frame-time plot: \(URL(fileURLWithPath: plot).standardizedFileURL.path)") }
        }
        return 0
    }

    /// Runs `step` for the phase's duration, then reads the window's statistics for the measured part.
    static func measure(_ name: String, window: SliderWindow, seconds: Double, step: () throws -> Void) throws -> Phase {
        let start = MonotonicTime.seconds()
        while MonotonicTime.seconds() - start < warmUp { try step() }
        window.statistics.reset()
        let cpu = ProcessUsage.cpuSeconds()
        let measuredStart = MonotonicTime.seconds(on: window.client.presentationClock)
        let wallStart = MonotonicTime.seconds()
        while MonotonicTime.seconds() - wallStart < seconds { try step() }
        var phase = Phase(name: name)
        phase.seconds = MonotonicTime.seconds() - wallStart
        phase.cpuSeconds = ProcessUsage.cpuSeconds() - cpu
        phase.frames = window.statistics.committedCount
        let frames = window.statistics.frames
        phase.render = Distribution(frames.map { $0.renderDuration * 1000 })
        phase.inputToCommit = Distribution(frames.compactMap { f in f.inputTime.map { (f.commitTime - $0) * 1000 } })
        phase.inputToPresent = Distribution(frames.compactMap { f in f.inputTime.flatMap { i in f.presentTime.map { ($0 - i) * 1000 } } })
        var previous = measuredStart
        for f in frames {
            phase.intervals.append((f.commitTime - measuredStart, (f.commitTime - previous) * 1000))
            previous = f.commitTime
        }
        return phase
    }

    /// The floor: an empty window of the panel's size whose background alternates between two colours.
    static func measureClear(options: DemoOptions, session: DisplaySession) throws -> Phase {
        let window = try SliderWindow(WindowConfiguration(title: "WaylandSlider bench: clear", size: ControlPanel.size, hidesCursor: true),
                                      sliders: [], background: options.theme.background, socket: session.socket)
        let base = options.theme.background
        let other = Color(red: base.red > 0.5 ? base.red - 1.0 / 255 : base.red + 1.0 / 255, green: base.green, blue: base.blue, alpha: 1)
        var flip = false
        return try measure("clear", window: window, seconds: options.seconds) {
            if !window.hasFrameInFlight {
                flip.toggle()
                window.background = flip ? other : base
            }
            try window.dispatch(timeout: 0.1)
        }
    }

    static func measureScenario(options: DemoOptions, window: SliderWindow, panel: ControlPanel) throws -> Phase {
        switch options.scenario {
        case .animation:
            var high = true
            return try measure("animation", window: window, seconds: options.seconds) {
                if !panel.volume.isAnimating {
                    high.toggle()
                    try panel.volume.setValue(high ? 0.9 : 0.1, animated: true)
                }
                try window.dispatch(timeout: 0.1)
            }
        case .drag:
            let lines = try options.replayPath.map { try PanelCommand.loadScript($0).lines } ?? []
            var drag = DragScript(slider: panel.volume)
            var index = 0
            return try measure(options.replayPath == nil ? "drag" : "replay", window: window, seconds: options.seconds) {
                if !window.hasFrameInFlight {
                    if lines.isEmpty {
                        for event in drag.nextFrame() { window.client.replay(event, on: window.toplevel.surface) }
                    } else {
                        // One line per frame, looped; the script's own timing is not kept.
                        window.client.replay(lines[index % lines.count].event, on: window.toplevel.surface)
                        index += 1
                    }
                }
                try window.dispatch(timeout: 0.1)
            }
        }
    }

    static func measureIdle(options: DemoOptions, window: SliderWindow) throws -> Phase {
        // Let the last scenario frame and any fade finish first.
        let settle = MonotonicTime.seconds() + 0.5
        while MonotonicTime.seconds() < settle { try window.dispatch(timeout: 0.05) }
        window.statistics.reset()
        let cpu = ProcessUsage.cpuSeconds()
        let start = MonotonicTime.seconds()
        while MonotonicTime.seconds() - start < options.seconds { try window.dispatch(timeout: max(0, options.seconds - (MonotonicTime.seconds() - start))) }
        var phase = Phase(name: "idle")
        phase.seconds = MonotonicTime.seconds() - start
        phase.cpuSeconds = ProcessUsage.cpuSeconds() - cpu
        phase.frames = window.statistics.committedCount
        return phase
    }
}

/// A pointer held on a slider's thumb and moved back and forth across its track, 7 pt per frame.
struct DragScript {
    let slider: Slider
    private var step = 0
    private var time: UInt32 = 1

    init(slider: Slider) { self.slider = slider }

    mutating func nextFrame() -> [WaylandInputEvent] {
        time &+= 16
        let left = slider.layout.thumbCenter(atPosition: 0.05), right = slider.layout.thumbCenter(atPosition: 0.95)
        if step == 0 {
            step = 1
            let start = slider.layout.thumbCenter(atPosition: slider.model.position(of: slider.value))
            return [.pointerEnter(x: start.x, y: start.y), .pointerMotion(time: time, x: start.x, y: start.y), .pointerFrame,
                    .pointerButton(time: time, button: PointerButton.left, pressed: true), .pointerFrame]
        }
        step += 1
        let span = right.x - left.x, travel = Double(step * 7).truncatingRemainder(dividingBy: 2 * span)
        let x = left.x + (travel < span ? travel : 2 * span - travel)
        return [.pointerMotion(time: time, x: x, y: left.y), .pointerFrame]
    }
}
