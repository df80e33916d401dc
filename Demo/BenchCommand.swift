import FrameTiming
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
    static func run(_ options: DemoOptions) throws -> Int32 {
        let session = try DisplaySession.open(forceHeadless: options.forcesHeadless, compositor: options.compositor, width: 1024, height: 768,
                                              scale: options.scale)
        let compositor = session.kind?.title ?? "the running Wayland session"
        // Startup: from process start to the panel's first frame committed and presented.
        let clock = SystemClock()
        let connecting = ProcessUsage.age()
        let panel = try ControlPanel(style: options.theme.style, clock: clock)
        let window = try SliderWindow(WindowConfiguration(title: "WaylandSlider bench", appID: "org.waylandslider.Bench", size: ControlPanel.size,
                                                          hidesCursor: true, isDecorated: false),
                                      sliders: panel.sliders, background: options.theme.background, socket: session.socket)
        while window.statistics.committedCount == 0 { try window.dispatch(timeout: 0.1) }
        let firstCommit = ProcessUsage.age()
        // sway answers presentation feedback only when its output presents again: no first-present time there.
        let shown = try window.waitUntilShown(timeout: 5)
        let firstPresent = shown ? ProcessUsage.age() : nil

        let harness = FrameTimingHarness(seconds: options.seconds, compositorPID: session.headless?.pid)
        let clear = try harness.measureClear(size: ControlPanel.size, background: options.theme.background, socket: session.socket)
        let scenario = try measureScenario(options: options, harness: harness, window: window, panel: panel)
        let idle = try harness.measureIdle(window: window)

        let report = Report(compositor: compositor, scenario: options.scenario.rawValue, replay: options.replayPath, seconds: options.seconds,
                            firstCommit: firstCommit, firstPresent: firstPresent,
                            compositorStartup: session.isHeadless ? connecting : nil, peakRSS: ProcessUsage.peakResidentMiB(),
                            clear: clear, measured: scenario, idle: idle,
                            drawsThroughRetainedFramebuffer: window.drawsThroughRetainedFramebuffer,
                            pixelWidth: window.pixelSize.width, pixelHeight: window.pixelSize.height)
        print(options.printsJSON ? report.json : report.table)
        if let plot = options.plotPath {
            try FrameTimePlot.render(phases: [clear, scenario], to: plot)
            if !options.printsJSON { print("frame-time plot: \(URL(fileURLWithPath: plot).standardizedFileURL.path)") }
        }
        return 0
    }

    static func measureScenario(options: DemoOptions, harness: FrameTimingHarness, window: SliderWindow, panel: ControlPanel) throws -> FramePhase {
        switch options.scenario {
        case .animation:
            var high = true
            return try harness.measure("animation", window: window) {
                if !panel.volume.isAnimating {
                    high.toggle()
                    try panel.volume.setValue(high ? 0.9 : 0.1, animated: true)
                }
                try window.dispatch(timeout: 0.1)
            }
        case .drag:
            let events = try options.replayPath.map { try PanelCommand.loadScript($0).events } ?? []
            var drag = ReplayedDrag(slider: panel.volume)
            var index = 0
            return try harness.measure(options.replayPath == nil ? "drag" : "replay", window: window) {
                if !window.hasFrameInFlight {
                    if events.isEmpty {
                        for event in drag.nextFrame() { window.replay(event) }
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
