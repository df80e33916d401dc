import ArgumentParser
import FrameTiming
import Foundation
import PrivateCompositors
import SliderRenderer
@_spi(Internals) import SliderWayland
@_spi(Internals) import WaylandSlider

/// `slider-demo bench`: frame timing of the demo panel under the current compositor (or a private headless
/// weston). Three phases of `--seconds` each, measured in one run so their ratio means something on a shared
/// machine: *clear* (an empty window whose background changes every frame: the floor), the *scenario* (a
/// pointer drag across the volume slider replayed one motion per frame, `--replay FILE` looped, or the
/// volume animating), and *idle* (nothing changes: no frame should be drawn). Each phase's first 0.5 s is
/// warm-up, not counted.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bench", abstract: "Frame timing of the panel: clear, scenario and idle phases.")

    @OptionGroup var display: DisplayOptions

    @Option(help: ArgumentHelp("Seconds per phase (more than 0, at most 600).", valueName: "seconds"))
    var seconds = 5.0

    @Option(help: "What the measured phase does.")
    var scenario = BenchScenario.drag

    @Option(name: .customLong("replay"), help: ArgumentHelp("Loop an input script, one line per frame, as the measured phase.", valueName: "file"),
            completion: .file(extensions: ["jsonl"]))
    var replayPath: String?

    @Option(help: ArgumentHelp("What paces the panel's frames: frame callbacks with a deadline learned from presentation feedback, frame callbacks alone, wp_fifo_v1 barriers or wp_commit_timing_v1 targets (the last two where offered, else callbacks).",
                               valueName: "deadline|callbacks|fifo|timed"))
    var pacing = FramePacing.deadline

    @Option(help: ArgumentHelp("What drags the thumb: input replayed into the window one motion per frame, or the private compositor's own pointer or touch (weston, GNOME, and sway, cage, labwc or KWin inside weston; sway, cage, labwc and KWin alone: pointer) at --input-rate, timed by the compositor's event times.",
                               valueName: "replay|pointer|touch"))
    var input = CompositorDrag.Device.replay

    @Flag(help: "Run sway, cage, labwc or KWin inside a private weston, their 1280 x 720 output a window there, and send --input through weston's seat: how touch reaches them (wlroots has no virtual touch, KWin's fake touch reaches no window; implied by --input touch). Frames are then presented through both compositors.")
    var insideWeston = false

    @Flag(help: "Make the panel's window fullscreen, laid out to fill the output, its sliders drawn on a subsurface over a one-pixel background where the compositor offers one.")
    var fullscreen = false

    @Option(help: ArgumentHelp("The private compositor's output in device pixels (weston, sway, labwc, KWin, GNOME; cage's is its own; default: weston's 1024 x 768 points).", valueName: "WIDTHxHEIGHT"),
            transform: OutputSize.init(parsing:))
    var output: OutputSize?

    @Option(help: ArgumentHelp("Input events a second with --input pointer or touch (a touch panel reports 60 to 240, a mouse 125 to 1000).", valueName: "Hz"))
    var inputRate = 250.0

    @Flag(name: .customLong("json"), help: "Print the report as one JSON object.")
    var printsJSON = false

    @Option(name: .customLong("plot"), help: ArgumentHelp("Save a frame-time plot.", valueName: "file.png"), completion: .file(extensions: ["png"]))
    var plotPath: String?

    @Option(name: .customLong("trace"),
            help: ArgumentHelp("Save the frames, input, commits and presentations as a Chrome trace (Perfetto, chrome://tracing).", valueName: "file.json"),
            completion: .file(extensions: ["json"]))
    var tracePath: String?

    func validate() throws {
        guard seconds.isFinite, seconds > 0, seconds <= 600 else { throw ValidationError("--seconds takes a number of seconds above 0 and at most 600, not \(seconds)") }
        if tracePath != nil, scenario == .soak { throw ValidationError("--trace records the clear, scenario and idle phases; the soak has none") }
        guard inputRate.isFinite, inputRate >= 1, inputRate <= 2000 else { throw ValidationError("--input-rate takes 1 to 2000 events a second, not \(inputRate)") }
        if input != .replay, scenario != .drag || replayPath != nil { throw ValidationError("--input \(input.rawValue) drives the drag scenario (no --replay)") }
        if insideWeston, display.compositor?.runsInsideWeston != true {
            throw ValidationError("--inside-weston runs sway, cage, labwc or KWin inside a private weston: add --compositor with one of them")
        }
        if insideWeston, input == .replay { throw ValidationError("--inside-weston sends --input pointer or touch through weston's seat: add one") }
        if runsInsideWeston, output != nil { throw ValidationError("--output: inside weston the output is the 1280 x 720 window of the compositor's Wayland backend") }
    }

    /// sway, cage, labwc or KWin run inside a private weston: asked for, or for touch, which reaches them only so.
    private var runsInsideWeston: Bool {
        insideWeston || (input == .touch && display.compositor?.runsInsideWeston == true)
    }

    func run() throws {
        do { try runBench() } catch { throw exitReporting(error) }
    }

    private func runBench() throws {
        // Process start on CLOCK_MONOTONIC (the kernel's start time has 10 ms resolution).
        let processStart = MonotonicTime.seconds() - (ProcessUsage.age() ?? 0)
        var startup = [(step: "slider-demo's main (exec, libraries, Swift runtime, arguments)", time: MonotonicTime.seconds())]
        let output = display.outputSize(self.output)
        let session = try DisplaySession.open(forceHeadless: display.forcesHeadless, compositor: display.compositor ?? .weston, width: output.width, height: output.height,
                                              scale: display.scale, refresh: display.refresh, westonRenderer: display.westonRenderer, screenshots: false,
                                              insideWeston: runsInsideWeston)
        let compositor = session.title ?? "the running Wayland session"
        if session.isHeadless { startup.append(("\(compositor) started", MonotonicTime.seconds())) }
        // Startup: from process start to the panel's first frame committed and presented.
        let clock = SystemClock()
        let connecting = ProcessUsage.age()
        let panel = try ControlPanel(style: display.theme.style, clock: clock)
        var configuration = WindowConfiguration(title: "WaylandSlider bench", appID: "org.waylandslider.Bench", size: ControlPanel.size,
                                                isFullscreen: fullscreen, hidesCursor: true, isDecorated: false)
        configuration.framePacing = pacing
        configuration.drawsOnlySliderArea = fullscreen
        let window = try SliderWindow(measuring: configuration, sliders: panel.sliders, background: display.theme.background, socket: session.socket)
        panel.layout(in: window.size)
        window.onSizeChanged = { size in panel.layout(in: size) }
        while window.frameLoop.committedFrames == 0 { try window.dispatch(timeout: 0.1) }
        let firstCommit = ProcessUsage.age()
        // sway 1.7 answers presentation feedback only when its output presents again: no first-present time there.
        let shown = try window.waitUntilShown(timeout: 5)
        let firstPresent = shown ? ProcessUsage.age() : nil
        startup += (window.startupTimeline.marks + (window.statistics?.startupMarks ?? [])).map { ($0.step, $0.time) }
        if shown { startup.append(("first frame presented", MonotonicTime.seconds())) }
        var previous = processStart
        let steps = startup.map { step in
            defer { previous = step.time }
            return (step: step.step, end: step.time - processStart, duration: step.time - previous)
        }

        if scenario == .soak {
            let result = try SoakRun.run(seconds: seconds, compositor: compositor, window: window, panel: panel)
            print(printsJSON ? result.json : result.table)
            return
        }
        let harness = FrameTimingHarness(seconds: seconds, compositorPID: session.headless?.pid)
        let clear = try harness.measureClear(size: ControlPanel.size, background: display.theme.background, socket: session.socket, pacing: pacing)
        let measured = try measureScenario(harness: harness, window: window, panel: panel, session: session)
        let idle = try harness.measureIdle(window: window)

        let report = Report(compositor: compositor, scenario: scenario.rawValue, replay: replayPath, seconds: seconds,
                            firstCommit: firstCommit, firstPresent: firstPresent,
                            compositorStartup: session.isHeadless ? connecting : nil, startup: steps, peakRSS: ProcessUsage.peakResidentMiB(),
                            clear: clear, measured: measured, idle: idle,
                            drawsThroughRetainedFramebuffer: window.frameLoop.drawsThroughRetainedFramebuffer, presentation: window.presentationPath.rawValue,
                            renderer: window.renderer.rawValue, glDriverLibraries: ProcessUsage.mappedGLDriverLibraries(),
                            pacing: window.frameLoop.pacing.rawValue, requestedPacing: pacing.rawValue,
                            windowSize: window.size, pixelWidth: window.pixelSize.width, pixelHeight: window.pixelSize.height,
                            refreshMs: window.statistics?.refreshInterval.map { $0 * 1000 },
                            modeRefreshMs: window.statistics?.refreshInterval == nil ? window.frameLoop.deadlineRefresh.map { $0 * 1000 } : nil,
                            learnedLeadMs: window.frameLoop.learnedLead.map { $0 * 1000 }, callbackLeadMs: window.frameLoop.callbackLead.map { $0 * 1000 },
                            nudgedCommits: window.statistics?.nudgedCommits ?? 0)
        print(printsJSON ? report.json : report.table)
        if let plot = plotPath {
            try FrameTimePlot.render(phases: [clear, measured], to: plot)
            if !printsJSON { print("frame-time plot: \(URL(fileURLWithPath: plot).standardizedFileURL.path)") }
        }
        if let trace = tracePath {
            let url = URL(fileURLWithPath: trace)
            do {
                let startupSteps = steps.map { ChromeTrace.StartupStep(name: $0.step, start: processStart + $0.end - $0.duration, end: processStart + $0.end) }
                try ChromeTrace(startup: startupSteps, phases: [clear, measured, idle], processName: "slider-demo bench: \(compositor)").data()
                    .write(to: url, options: .atomic)
            } catch {
                // Foundation's message names the file in some versions only (not Swift 6.0's): say which.
                throw DemoError(description: "cannot write the trace \(url.path): \(error.localizedDescription)")
            }
            if !printsJSON { print("trace (Perfetto, chrome://tracing): \(url.standardizedFileURL.path)") }
        }
    }

    func measureScenario(harness: FrameTimingHarness, window: SliderWindow, panel: ControlPanel, session: DisplaySession) throws -> FramePhase {
        switch scenario {
        case .animation:
            var high = true
            return try harness.measure("animation", window: window) {
                if !panel.volume.isAnimating {
                    high.toggle()
                    try panel.volume.setValue(high ? 0.9 : 0.1, animated: true)
                }
                try window.dispatch(timeout: 0.1)
            }
        case .soak:
            preconditionFailure("the soak runs on its own (SoakRun)")
        case .drag where input != .replay:
            let drag = try CompositorDrag(session: session, window: window, slider: panel.volume, device: input, rate: inputRate)
            return try harness.measure("\(input.rawValue) drag", window: window) {
                try drag.sendDueEvents()
                try window.dispatch(timeout: drag.timeUntilNextEvent)
            }
        case .drag:
            let events = try replayPath.map { try PanelCommand.loadScript($0).events } ?? []
            var drag = ReplayedDrag(slider: panel.volume)
            var index = 0
            return try harness.measure(replayPath == nil ? "drag" : "replay", window: window) {
                if !window.hasFrameInFlight {
                    if events.isEmpty {
                        for event in drag.nextFrame(of: panel.volume) { window.replay(event) }
                    } else {
                        // One line per frame, looped; the script's own timing is not kept.
                        window.replay(events[index % events.count])
                        index += 1
                    }
                }
                try window.dispatch(timeout: 0.1)
            }
        }
    }
}

/// What the benchmark's measured phase does.
enum BenchScenario: String, CaseIterable {
    /// A pointer drag across the volume slider, one motion per frame (or `--replay FILE`, looped).
    case drag
    /// The volume slider animating between two values (setValue(_:animated:)), no input.
    case animation
    /// `--seconds` of drags, two-finger touch, keys and wheel mixed, watching memory, dropped frames and
    /// GL errors (no clear or idle phase; see `SoakRun`).
    case soak
}

/// An output's size in device pixels (`--output`).
struct OutputSize {
    var width: Int
    var height: Int

    /// Reads WIDTHxHEIGHT, each 64 to 8192 pixels.
    init(parsing text: String) throws {
        let sides = text.split(separator: "x").compactMap { Int($0) }
        guard sides.count == 2, sides.allSatisfy({ (64...8192).contains($0) }) else {
            throw ValidationError("--output takes WIDTHxHEIGHT, each 64 to 8192 pixels, not \(text)")
        }
        (width, height) = (sides[0], sides[1])
    }
}
