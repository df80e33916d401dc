import Foundation
@_spi(Internals) import SliderWayland
@_spi(Internals) import WaylandSlider

/// The frame-timing method both `slider-demo bench` and the Benchmarks package's `wayland-frames` use: each
/// phase runs a step (one loop iteration) for `seconds` after `warmUp`, then reads the window's frame
/// statistics and this process's (and the compositor's) CPU time for the measured part.
package struct FrameTimingHarness: Sendable {
    /// Seconds measured per phase.
    package var seconds: Double
    /// Seconds run before measuring (not counted).
    package var warmUp: Double
    /// The compositor's process id, to measure its CPU too (a private headless weston).
    package var compositorPID: pid_t?

    package init(seconds: Double, warmUp: Double = 0.5, compositorPID: pid_t? = nil) {
        self.seconds = seconds
        self.warmUp = warmUp
        self.compositorPID = compositorPID
    }

    /// Runs `step` through the warm-up and then for `seconds`, and measures the frames `window` committed.
    /// The window must measure its frames (`SliderWindow(measuring:sliders:background:socket:)`).
    package func measure(_ name: String, window: SliderWindow, step: () throws -> Void) throws -> FramePhase {
        guard let statistics = window.statistics else { throw HarnessError(description: "the window does not measure its frames (SliderWindow(measuring:...))") }
        let warmUpStart = MonotonicTime.seconds()
        while MonotonicTime.seconds() - warmUpStart < warmUp { try step() }
        statistics.reset()
        let compositorCPU = compositorPID.flatMap { ProcessUsage.cpuSeconds(of: $0) }
        let cpu = ProcessUsage.cpuSeconds()
        let measuredStart = window.frameLoop.now
        let wallStart = MonotonicTime.seconds()
        while MonotonicTime.seconds() - wallStart < seconds { try step() }
        // What the phase's input moved is on the screen before it is measured: the last events' frame is
        // drawn and presented (up to 5 s; not waited for where the compositor presented nothing, as sway
        // 1.7 answers no feedback). Before, the events of the frames still in flight at the end were left out:
        // a refresh's worth, and more on a loaded machine, whose frames come late (a second was not enough
        // beside the suite and two busy loops on two cores: 4 of 248 events left out).
        let drained = MonotonicTime.seconds() + 5
        while statistics.presentedCount > 0, statistics.hasInputAwaitingPresentation, MonotonicTime.seconds() < drained {
            try window.dispatch(timeout: 0.01)
        }
        var phase = FramePhase(name: name)
        phase.seconds = MonotonicTime.seconds() - wallStart
        phase.cpuSeconds = ProcessUsage.cpuSeconds() - cpu
        phase.compositorCPUSeconds = compositorCPU.flatMap { start in compositorPID.flatMap { ProcessUsage.cpuSeconds(of: $0) }.map { $0 - start } }
        phase.frames = statistics.committedCount
        phase.presentedFrames = statistics.presentedCount
        let frames = statistics.frames
        phase.render = Distribution(frames.map { $0.renderDuration * 1000 })
        phase.gpu = statistics.measuresGPUTime ? Distribution(statistics.gpuDurations.map { $0 * 1000 }) : nil
        (phase.start, phase.end, phase.timeline) = (measuredStart, window.frameLoop.now, frames)
        phase.inputToCommit = Distribution(phase.inputToCommitSamples)
        phase.inputToPresent = Distribution(phase.inputToPresentSamples)
        phase.inputEventToPresent = Distribution(statistics.inputToPresentTimes.map { $0 * 1000 })
        phase.inputEventToArrival = Distribution(statistics.inputArrivalDelays.map { $0 * 1000 })
        phase.inputArrivalToPresent = Distribution(statistics.arrivalToPresentTimes.map { $0 * 1000 })
        phase.inputEventToPresentFloor = Distribution(statistics.floorInputToPresentTimes.map { $0 * 1000 })
        var previous = measuredStart
        for f in frames {
            phase.intervals.append((f.commitTime - measuredStart, (f.commitTime - previous) * 1000))
            previous = f.commitTime
        }
        return phase
    }

    /// The floor: an empty window of `size` whose background alternates between two colours one level
    /// apart, so every frame is a full clear and present; its frames paced as `pacing` says.
    package func measureClear(size: Size, background: Color, socket: String?, pacing: FramePacing = .deadline) throws -> FramePhase {
        // Undecorated, as every window the benchmarks compare: the same pixels for every program.
        var configuration = WindowConfiguration(title: "WaylandSlider bench: clear", size: size, hidesCursor: true, isDecorated: false)
        configuration.framePacing = pacing
        let window = try SliderWindow(measuring: configuration, sliders: [], background: background, socket: socket)
        let other = Color(red: background.red > 0.5 ? background.red - 1.0 / 255 : background.red + 1.0 / 255, green: background.green,
                          blue: background.blue, alpha: 1)
        var flip = false
        return try measure("clear", window: window) {
            if !window.hasFrameInFlight {
                flip.toggle()
                window.background = flip ? other : background
            }
            try window.dispatch(timeout: 0.1)
        }
    }

    /// Nothing changes: after half a second for the last frames (a release, a fade) to finish, the window
    /// is dispatched for `seconds`; no frame should be drawn and next to no CPU used.
    package func measureIdle(window: SliderWindow) throws -> FramePhase {
        let settle = MonotonicTime.seconds() + 0.5
        while MonotonicTime.seconds() < settle { try window.dispatch(timeout: 0.05) }
        let idle = FrameTimingHarness(seconds: seconds, warmUp: 0, compositorPID: compositorPID)
        let end = MonotonicTime.seconds() + seconds
        return try idle.measure("idle", window: window) { try window.dispatch(timeout: max(0, end - MonotonicTime.seconds())) }
    }
}

/// A window the harness cannot measure.
package struct HarnessError: Error, CustomStringConvertible {
    package let description: String
}
