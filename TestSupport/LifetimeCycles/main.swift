// slider-lifetime-cycles window|canvas|scenario CYCLES [--socket PATH] [--presentation egl|shm] [--undecorated] [--icon] [--fullscreen]
//                        [--haptics BUS-ADDRESS] [--scenario NAME|all] [--frames DIR]
//
// Makes and releases one kind of slider host CYCLES times and prints, after each cycle, one JSON line:
// {"allocatedKiB":14684,"cycle":1,"descriptors":5,"iconBuffers":0,"iconBuffersOpen":0,"released":true,"residentKiB":99856}
// (this process's open descriptors and resident memory after the release, whether a weak reference to the
// host is nil, and the window icon's buffers mapped while the window was open and after). Run by the lifetime
// tests and Scripts/lifetimes.sh in a process of its own, so nothing else moves its figures.
//
//   window   a SliderWindow with one slider on the compositor at --socket (or WAYLAND_DISPLAY), its first
//            frame drawn and committed, then released; --fullscreen makes it fullscreen (its slider on a
//            subsurface over a one-pixel background); with --icon the window has an icon of three images, with
//            --haptics its haptics play through feedbackd on the session bus at BUS-ADDRESS
//   canvas   a SliderCanvas with one slider in a host GL context of this process's (kept across cycles),
//            drawn once into the host's framebuffer (the host waits for that frame to finish), then released
//            with the host's context current
//   scenario a scripted compositor of this process's plays --scenario (a ScriptedCompositor.Scenario; all: each
//            in turn, and with no --presentation both paths in turn) to an undecorated SliderWindow, which
//            draws its first frame and then one more value; the line adds what happened ("scenario",
//            "presentation", "frames" committed, the window's "width" and "height", the "error" that ended its
//            loop and "errorSeconds" after its last commit began, the "longestWaitSeconds" (of the dispatches that drew
//            nothing), the last buffer's "bufferWidth" and "bufferHeight", the buffer commits the compositor
//            "appliedFrames" and the window's "nudges" of timed commits); with --frames DIR that buffer is saved
//            there as SCENARIO-PATH.png
import FrameTiming
import Foundation
import PrivateCompositors
@_spi(Internals) import SliderRenderer
@_spi(Internals) import SliderWayland
@_spi(Internals) import WaylandSlider

struct Cycle: Codable {
    var cycle: Int
    var descriptors: Int
    /// Resident memory in all, and what of it the process allocated (anonymous and shared memory: heap,
    /// stacks, wl_shm buffers); the rest is mapped files' pages, such as library code first run in a
    /// later cycle.
    var residentKiB: Int
    var allocatedKiB: Int
    var released: Bool
    /// The icon's wl_shm buffers mapped while the window was open, and after its release.
    var iconBuffersOpen: Int
    var iconBuffers: Int
    var scenario: ScriptedCompositor.Play?
}

/// This process's mappings of window icon buffers (their memfds are named wayland-slider-icon).
func mappedIconBuffers() -> Int {
    (ProcessUsage.procFile("/proc/self/maps") ?? "").split(separator: "\n").filter { $0.contains("wayland-slider-icon") }.count
}

/// Three square images: the icon a window gets with --icon.
let icon = WindowIcon(name: "audio-volume-high", images: [16, 32, 48].map { RGBAImage(width: $0, height: $0) })

struct UsageError: Error, CustomStringConvertible { let description: String }

func option(_ name: String, in arguments: [String]) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}

func slider() throws -> Slider {
    let slider = try Slider(value: 0.5, in: 0...1, name: "volume")
    slider.frame = Rect(x: 20, y: 20, width: 360, height: 44)
    return slider
}

/// One window: made, its first frame committed, released; returns a weak reference to it and the icon
/// buffers mapped while it was open.
func windowCycle(socket: String?, presentation: PresentationPath?, decorated: Bool, fullscreen: Bool, hasIcon: Bool,
                 hapticsBus: String?) throws -> (() -> Bool, Int) {
    let haptics = hapticsBus.map { HapticsConfiguration(sessionBusAddress: $0) }
    var configuration = WindowConfiguration(title: "lifetime", size: Size(width: 400, height: 84), isFullscreen: fullscreen, isDecorated: decorated,
                                            presentation: presentation, icon: hasIcon ? icon : nil, haptics: haptics)
    configuration.drawsOnlySliderArea = fullscreen
    let window = try SliderWindow(configuration, sliders: [slider()], socket: socket)
    while window.hasFrameInFlight { try window.dispatch(timeout: 0.1) }
    weak var released: SliderWindow?
    released = window
    return ({ released == nil }, mappedIconBuffers())
}

/// A window against a compositor playing `scenario`: its first frame, then a new value, given up to 10 s each
/// (a loaded machine; each ends as soon as it is done), 0.5 s for the value when the compositor withholds
/// frame callbacks (it cannot be drawn), or until its loop throws. Against a compositor that holds timed
/// commits, the window paces its frames by commit timing, and the play goes on until the compositor has
/// applied every frame (up to 10 s).
func scenarioCycle(_ scenario: ScriptedCompositor.Scenario, presentation: PresentationPath, savingFrameIn frames: String?) throws -> (() -> Bool, ScriptedCompositor.Play) {
    let compositor = try ScriptedCompositor(scenario)
    var play = ScriptedCompositor.Play(scenario: "\(scenario)", presentation: presentation == .eglWindow ? "egl" : "shm")
    let slider = try slider()
    weak var released: SliderWindow?
    // When the window's last commit began, on the monotonic clock: a loop that ends is timed from it, not from
    // the dispatch that drew the frame (llvmpipe's first frame took 1.8 s on a loaded machine).
    var lastCommit: Double?
    var dispatchStart = MonotonicTime.seconds()
    do {
        var configuration = WindowConfiguration(title: "scenario", size: Size(width: 400, height: 84), isDecorated: false, presentation: presentation)
        if scenario == .timedCommitsHeld { configuration.framePacing = .commitTiming }
        let window = try SliderWindow(measuring: configuration, sliders: [slider], socket: compositor.socketPath)
        let statistics = window.statistics
        released = window
        defer {
            (play.frames, play.width, play.height) = (window.frameLoop.committedFrames, window.size.width, window.size.height)
            (play.appliedFrames, play.nudges) = (compositor.bufferCommits, statistics?.nudgedCommits ?? 0)
        }
        func dispatch(until done: () -> Bool, within seconds: Double) throws {
            let deadline = MonotonicTime.seconds() + seconds
            while !done(), MonotonicTime.seconds() < deadline {
                dispatchStart = MonotonicTime.seconds()
                let frames = window.frameLoop.committedFrames
                defer { lastCommit = statistics?.lastCommitTime.map { MonotonicTime.seconds() - (window.frameLoop.now - $0) } }
                try window.dispatch(timeout: 0.05)
                if window.frameLoop.committedFrames == frames {
                    play.longestWaitSeconds = max(play.longestWaitSeconds, MonotonicTime.seconds() - dispatchStart)
                }
            }
        }
        try dispatch(until: { window.frameLoop.committedFrames >= 1 }, within: 10)
        try slider.setValue(0.8, animated: false)
        // Done once it is drawn, or once a dispatch found nothing to draw (a 1 x 1 window shows no slider).
        var dispatched = false
        try dispatch(until: { defer { dispatched = true }; return dispatched && (window.frameLoop.committedFrames >= 2 || !window.hasFrameInFlight) },
                     within: scenario == .frameCallbacksWithheld ? 0.5 : 10)
        // An output that came back at scale 2: done once the compositor shows a frame drawn for it.
        if scenario == .outputReturns { try dispatch(until: { compositor.lastFrame()?.width == 800 }, within: 10) }
        if scenario == .timedCommitsHeld { try dispatch(until: { compositor.bufferCommits == window.frameLoop.committedFrames }, within: 10) }
    } catch {
        play.error = "\(error)"
        // From the last commit, or from the start of the dispatch that ended before any.
        play.errorSeconds = MonotonicTime.seconds() - (lastCommit ?? dispatchStart)
    }
    if let shown = compositor.lastFrame() {
        (play.bufferWidth, play.bufferHeight) = (shown.width, shown.height)
        if let frames { try shown.writePNG(to: "\(frames)/\(play.scenario)-\(play.presentation).png") }
    }
    return ({ released == nil }, play)
}

/// One canvas in `host`'s context: made, drawn once, released with the context current.
func canvasCycle(host: OffscreenTarget) throws -> () -> Bool {
    try host.makeCurrent()
    let canvas = try SliderCanvas(sliders: [slider()])
    try canvas.draw(over: host.framebuffer, viewport: PixelRect(x: 0, y: 0, width: host.width, height: host.height))
    // The host's frame ends, as a host's swap would end it: llvmpipe rasterizes on threads of its own, and
    // a frame still in flight at the next one's flush makes it allocate another scene (about 1 MiB, kept
    // for the context's life; 16 MiB over 300 cycles with those threads starved), which is the driver's
    // memory for the host's context, not the canvas's.
    host.finish()
    weak var released: SliderCanvas?
    released = canvas
    return { released == nil }
}

do {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard arguments.count >= 2, let cycles = Int(arguments[1]), cycles > 0 else {
        throw UsageError(description: "usage: slider-lifetime-cycles window|canvas|scenario CYCLES [--socket PATH] [--presentation egl|shm] [--undecorated] [--icon] [--haptics BUS-ADDRESS] [--scenario NAME|all] [--frames DIR]")
    }
    let presentation = option("--presentation", in: arguments).flatMap { $0 == "egl" ? PresentationPath.eglWindow : $0 == "shm" ? .sharedMemory : nil }
    let scenarioName = option("--scenario", in: arguments) ?? "all"
    let scenarios = ScriptedCompositor.Scenario.allCases.filter { scenarioName == "all" ? $0 != .holdBuffers : "\($0)" == scenarioName }
    guard !scenarios.isEmpty else {
        throw UsageError(description: "slider-lifetime-cycles: no scenario \(scenarioName) (\(ScriptedCompositor.Scenario.allCases.map { "\($0)" }.joined(separator: ", ")), all)")
    }
    let host = arguments[0] == "canvas" ? try OffscreenTarget(width: 400, height: 84) : nil
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    for cycle in 1...cycles {
        let isReleased: () -> Bool
        var iconBuffersOpen = 0
        var play: ScriptedCompositor.Play?
        switch arguments[0] {
        case "window":
            (isReleased, iconBuffersOpen) = try windowCycle(socket: option("--socket", in: arguments), presentation: presentation,
                                                            decorated: !arguments.contains("--undecorated"), fullscreen: arguments.contains("--fullscreen"),
                                                            hasIcon: arguments.contains("--icon"),
                                                            hapticsBus: option("--haptics", in: arguments))
        case "canvas":
            isReleased = try canvasCycle(host: host!)
        case "scenario":
            let path = presentation ?? (cycle / scenarios.count % 2 == 0 ? .sharedMemory : .eglWindow)
            (isReleased, play) = try scenarioCycle(scenarios[(cycle - 1) % scenarios.count], presentation: path,
                                                   savingFrameIn: option("--frames", in: arguments))
        default:
            throw UsageError(description: "slider-lifetime-cycles: no kind \(arguments[0]) (window, canvas or scenario)")
        }
        let resident = ProcessUsage.residentKiB()
        let line = Cycle(cycle: cycle, descriptors: ProcessUsage.openDescriptors() ?? -1,
                         residentKiB: resident.map { $0.anonymous + $0.file + $0.shared } ?? -1,
                         allocatedKiB: resident.map { $0.anonymous + $0.shared } ?? -1,
                         released: isReleased(), iconBuffersOpen: iconBuffersOpen, iconBuffers: mappedIconBuffers(), scenario: play)
        FileHandle.standardOutput.write(try encoder.encode(line) + Data("\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("slider-lifetime-cycles: \(error)\n".utf8))
    exit(1)
}
