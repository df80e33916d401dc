@_spi(Internals) import SliderWayland
import Foundation
import FrameTiming
@_spi(Internals) import WaylandSlider

/// The benchmark's results, as a table for people and as JSON for tools.
struct Report {
    var compositor: String
    var scenario: String
    var replay: String?
    var seconds: Double
    /// Seconds from process start to the first frame committed / presented.
    var firstCommit: Double?
    var firstPresent: Double?
    /// Seconds from process start until the demo's own headless weston was up (nil in a session): part of
    /// the first-frame times above, not of the window's.
    var compositorStartup: Double?
    /// Start-up step by step: when each step ended (seconds after process start) and how long it took.
    var startup: [(step: String, end: Double, duration: Double)]
    var peakRSS: Double
    var clear: FramePhase
    var measured: FramePhase
    var idle: FramePhase
    var drawsThroughRetainedFramebuffer: Bool
    /// How frames reached the compositor (`PresentationPath`'s raw value).
    var presentation: String
    /// What drew them (`RendererKind`'s raw value: gles or cpu).
    var renderer: String
    /// The GL driver's libraries mapped into the process at the end (none for the CPU renderer).
    var glDriverLibraries: [String]
    /// What paced the frames, and what was asked for (`FramePacing`'s raw values).
    var pacing: String
    var requestedPacing: String
    /// The window's size in points, and in device pixels.
    var windowSize: Size
    var pixelWidth: Int
    var pixelHeight: Int
    /// The output's refresh interval in milliseconds, as presentation feedback gave it.
    var refreshMs: Double?
    /// Where the feedback gives no refresh (wlroots' headless output), the interval of the output's mode in
    /// milliseconds, which the frame deadline works to and the refreshes without a new frame are counted on.
    var modeRefreshMs: Double?
    /// The refresh the refreshes without a new frame are counted on: the feedback's, else the mode's.
    var countedRefreshMs: Double? { refreshMs ?? modeRefreshMs }
    /// What the window's frame deadline learned, in milliseconds (`FrameLoop.learnedLead`).
    var learnedLeadMs: Double?
    /// The lead the frame callbacks show, in milliseconds, where they agree (`FrameLoop.callbackLead`).
    var callbackLeadMs: Double?
    /// With commit timing, the commits of only a target time the window sent for frames the compositor left
    /// unapplied (`FrameLoop.nudgedCommits`).
    var nudgedCommits: Int

    var cpuRatio: Double? {
        guard let a = measured.cpuPerFrame, let b = clear.cpuPerFrame, b > 0 else { return nil }
        return a / b
    }

    /// Seconds shown as milliseconds.
    private func ms(_ seconds: Double?) -> String { seconds.map { String(format: "%.3f", $0 * 1000) } ?? "-" }
    /// A value already in milliseconds.
    private func decimal(_ value: Double) -> String { String(format: "%.3f", value) }
    private func triple(_ d: Distribution?) -> String {
        d.map { "\(decimal($0.median)) / \(decimal($0.p95)) / \(decimal($0.p99)) / \(decimal($0.maximum))" } ?? "-"
    }

    private var pacingDescription: String {
        let names = ["deadline": "a frame per wl_surface.frame callback, drawn at the deadline learned from presentation feedback",
                     "callbacks": "a frame per wl_surface.frame callback, drawn when it comes", "fifo": "wp_fifo_v1 barriers, no waiting for callbacks",
                     "timed": "wp_commit_timing_v1 targets a refresh apart, no waiting for callbacks"]
        let used = names[pacing] ?? pacing
        return pacing == requestedPacing ? used : "\(used) (\(requestedPacing) asked for, not offered)"
    }

    var table: String {
        let drivers = glDriverLibraries.isEmpty ? "none" : glDriverLibraries.joined(separator: ", ")
        var lines = ["slider-demo bench: the panel (\(Int(windowSize.width)) x \(Int(windowSize.height)) pt, \(pixelWidth) x \(pixelHeight) px) under \(compositor), \(seconds) s per phase after 0.5 s warm-up",
                     "renderer: \(renderer == "cpu" ? "CPU" : "GLES2"); GL driver libraries mapped: \(drivers)",
                     "presentation: " + (presentation == "sharedMemory" ? "wl_shm buffers of our own, each given only the damage it lacks"
                                         : "EGL window surface, " + (drawsThroughRetainedFramebuffer ? "no buffer age (retained framebuffer copied to the window)" : "buffer age")),
                     "pacing: " + pacingDescription]
        func row(_ cells: [String]) -> String {
            let widths = [10, 7, 7, 13, 40, 40]
            return zip(cells, widths).map { String(repeating: " ", count: max(0, $1 - $0.count)) + $0 }.joined(separator: " ")
        }
        lines.append(row(["phase", "frames", "fps", "CPU ms/frame", "render ms p50/p95/p99/max", "input->commit ms p50/p95/p99/max"]))
        for phase in [clear, measured] {
            lines.append(row([phase.name, "\(phase.frames)", String(format: "%.1f", phase.fps), ms(phase.cpuPerFrame), triple(phase.render),
                              triple(phase.inputToCommit)]))
        }
        lines.append("GPU ms per frame p50/p95/p99/max (timer queries), clear: " + (clear.gpu == nil && measured.gpu == nil
            ? "not measured (\(renderer == "cpu" ? "the CPU renderer" : "a software GL renderer, or no GL_EXT_disjoint_timer_query"))"
            : "\(triple(clear.gpu)); \(measured.name): \(triple(measured.gpu))"))
        lines.append("input->present ms p50/p95/p99/max (\(measured.name)), per frame from its oldest input: \(triple(measured.inputToPresent))")
        lines.append("input event->present ms p50/p95/p99/max (\(measured.name)), per event (\(measured.inputEventToPresent?.count ?? 0)): \(triple(measured.inputEventToPresent))")
        lines.append("of which input event->arrival at the window ms p50/p95/p99/max: \(triple(measured.inputEventToArrival)); arrival->present: \(triple(measured.inputArrivalToPresent))")
        lines.append("the floor: input event->present ms p50/p95/p99/max a client drawing in no time would give on these refreshes: \(triple(measured.inputEventToPresentFloor))")
        lines.append("commit->present ms p50/p95/p99/max (\(measured.name)), weston-presentation-shm's c2p: \(triple(measured.commitToPresent))")
        lines.append("presented by the compositor (wp_presentation), \(measured.name): \(measured.presentedFrames) of \(measured.frames) frames committed, \(measured.discardedFrames) discarded"
                     + (measured.frames > 0 && measured.presentedFrames == 0
                        ? "; none presented, so no ->present figure (KWin 5.27 and cage 0.1.4 offer no wp_presentation; sway 1.7's headless output answers no feedback: docs/latency.md)"
                        : "")
                     + (measured.presentsOnAnotherClock
                        ? "; \(measured.presentedBeforeCommit) presented before their commit: the compositor's presentation times are not on the clock it names, so every ->present figure is wrong"
                        : measured.presentedBeforeCommit > 0 ? "; \(measured.presentedBeforeCommit) presented before their commit was dated (the swap's return)" : ""))
        if let refresh = countedRefreshMs {
            lines.append(String(format: refreshMs != nil ? "refresh (presentation feedback): %.2f ms" : "refresh (the output's mode; the feedback gives none): %.2f ms", refresh))
            let skipped = measured.skippedRefreshes(refresh: refresh / 1000)
            lines.append("refreshes without a new frame (\(measured.name), between its first and last presentation): \(skipped.map(String.init) ?? "-")")
        }
        if let lead = learnedLeadMs { lines.append(String(format: "frame deadline learned: commit %.2f ms before a refresh", lead)) }
        if let lead = callbackLeadMs { lines.append(String(format: "frame callbacks: answered %.2f ms before their frame's presentation", lead)) }
        if pacing == "timed" { lines.append("commits of only a target time, for frames left unapplied four refreshes after theirs: \(nudgedCommits)") }
        lines.append(String(format: "CPU per frame, %@ / clear: %@", measured.name, cpuRatio.map { String(format: "%.2f", $0) } ?? "-"))
        lines.append("idle \(String(format: "%.1f", idle.seconds)) s: \(idle.frames) frames, \(ms(idle.cpuSeconds)) ms CPU")
        lines.append("first frame: committed \(ms(firstCommit)) ms, presented \(ms(firstPresent)) ms after process start"
                     + (compositorStartup.map { ", of which starting the compositor took \(ms($0)) ms" } ?? ""))
        lines.append("  step                                            ends at ms   took ms")
        for step in startup {
            let name = step.step.count > 46 ? String(step.step.prefix(45)) + "…" : step.step
            lines.append("  " + name + String(repeating: " ", count: 46 - name.count)
                         + String(format: " %12.1f %9.1f", step.end * 1000, step.duration * 1000))
        }
        lines.append(String(format: "peak RSS: %.1f MiB", peakRSS))
        return lines.joined(separator: "\n")
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(JSONReport(self))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// A number or JSON's null (for a figure that was not measured, or is not finite).
private struct Nullable: Encodable {
    let value: Double?
    init(_ value: Double?) { self.value = value.flatMap { $0.isFinite ? $0 : nil } }
    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}

/// The report as `--json` writes it: times in milliseconds, names the tools reading it rely on.
private struct JSONReport: Encodable {
    struct Machine: Encodable {
        var kernel: String, arch: String, cpus: Int
    }
    struct Spread: Encodable {
        var count: Int, median: Double, p95: Double, p99: Double, max: Double
        init?(_ d: Distribution?) {
            guard let d else { return nil }
            (count, median, p95, p99, max) = (d.count, d.median, d.p95, d.p99, d.maximum)
        }
    }
    struct Phase: Encodable {
        var name: String, seconds: Double, frames: Int, fps: Double, cpuMsPerFrame: Nullable
        /// Of the frames committed, those the compositor reported presented and discarded (wp_presentation), and
        /// of those presented, the ones at a time before their commit was dated (`FramePhase.presentedBeforeCommit`:
        /// a few on a busy machine; most where the compositor's times are on another clock).
        var presentedFrames: Int, discardedFrames: Int, presentedBeforeCommit: Int
        var renderMs: Spread?, inputToCommitMs: Spread?, inputToPresentMs: Spread?
        /// GPU time of each frame's drawing (timer queries); absent where it is not measured.
        var gpuMs: Spread?
        /// Per input event, from its compositor time to the first presented frame that shows it.
        var inputEventToPresentMs: Spread?
        /// Per input event, from its compositor time to its arrival at the window, and from there to the
        /// first presented frame that shows it.
        var inputEventToArrivalMs: Spread?, inputArrivalToPresentMs: Spread?
        /// Per input event, from its compositor time to the earliest presentation a client drawing in no time
        /// could have given it on the same refreshes (`FrameStatistics.floorInputToPresentTimes`).
        var inputEventToPresentFloorMs: Spread?
        /// Per presented frame, from its commit to its presentation.
        var commitToPresentMs: Spread?
        /// Refreshes between the first and last presentation that showed no new frame (`FramePhase.skippedRefreshes`).
        var skippedRefreshes: Int?
        init(_ p: FramePhase, refreshMs: Double?) {
            (name, seconds, frames, fps) = (p.name, p.seconds, p.frames, p.fps)
            (presentedFrames, discardedFrames, presentedBeforeCommit) = (p.presentedFrames, p.discardedFrames, p.presentedBeforeCommit)
            cpuMsPerFrame = Nullable(p.cpuPerFrame.map { $0 * 1000 })
            (renderMs, inputToCommitMs, inputToPresentMs) = (Spread(p.render), Spread(p.inputToCommit), Spread(p.inputToPresent))
            gpuMs = Spread(p.gpu)
            inputEventToPresentMs = Spread(p.inputEventToPresent)
            (inputEventToArrivalMs, inputArrivalToPresentMs) = (Spread(p.inputEventToArrival), Spread(p.inputArrivalToPresent))
            inputEventToPresentFloorMs = Spread(p.inputEventToPresentFloor)
            commitToPresentMs = Spread(p.commitToPresent)
            skippedRefreshes = p.skippedRefreshes(refresh: refreshMs.map { $0 / 1000 })
        }
    }
    struct Idle: Encodable {
        var seconds: Double, frames: Int, cpuMs: Double
    }
    struct Step: Encodable {
        var step: String, endMs: Double, durationMs: Double
    }

    var compositor: String, scenario: String, secondsPerPhase: Double, machine: Machine
    var firstFrameCommittedMs: Nullable, firstFramePresentedMs: Nullable, compositorStartupMs: Nullable
    var startup: [Step]
    var peakRSSMiB: Double, clear: Phase, measured: Phase, idle: Idle, cpuPerFrameRatioToClear: Nullable
    var retainedFramebuffer: Bool, presentation: String, renderer: String, glDriverLibraries: [String], pacing: String, requestedPacing: String, pixelWidth: Int, pixelHeight: Int
    var refreshMs: Nullable, modeRefreshMs: Nullable, deadlineLeadMs: Nullable, deadlineCallbackLeadMs: Nullable, nudgedCommits: Int

    init(_ r: Report) {
        var uts = utsname()
        uname(&uts)
        func text<T>(_ field: T) -> String { withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) } }
        machine = Machine(kernel: text(uts.release), arch: text(uts.machine), cpus: ProcessInfo.processInfo.activeProcessorCount)
        (compositor, scenario, secondsPerPhase) = (r.compositor, r.scenario, r.seconds)
        firstFrameCommittedMs = Nullable(r.firstCommit.map { $0 * 1000 })
        firstFramePresentedMs = Nullable(r.firstPresent.map { $0 * 1000 })
        compositorStartupMs = Nullable(r.compositorStartup.map { $0 * 1000 })
        startup = r.startup.map { Step(step: $0.step, endMs: $0.end * 1000, durationMs: $0.duration * 1000) }
        (peakRSSMiB, clear, measured) = (r.peakRSS, Phase(r.clear, refreshMs: r.countedRefreshMs), Phase(r.measured, refreshMs: r.countedRefreshMs))
        idle = Idle(seconds: r.idle.seconds, frames: r.idle.frames, cpuMs: r.idle.cpuSeconds * 1000)
        cpuPerFrameRatioToClear = Nullable(r.cpuRatio)
        (refreshMs, modeRefreshMs) = (Nullable(r.refreshMs), Nullable(r.modeRefreshMs))
        (deadlineLeadMs, deadlineCallbackLeadMs, nudgedCommits) = (Nullable(r.learnedLeadMs), Nullable(r.callbackLeadMs), r.nudgedCommits)
        (retainedFramebuffer, presentation, renderer) = (r.drawsThroughRetainedFramebuffer, r.presentation, r.renderer)
        glDriverLibraries = r.glDriverLibraries
        (pacing, requestedPacing) = (r.pacing, r.requestedPacing)
        (pixelWidth, pixelHeight) = (r.pixelWidth, r.pixelHeight)
    }
}
