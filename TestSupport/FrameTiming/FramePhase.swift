@_spi(Internals) import WaylandSlider

/// What one measured phase of a frame-timing run saw: frames committed, CPU used, and the distributions of
/// render time and latency (milliseconds).
package struct FramePhase: Sendable {
    package var name: String
    /// Wall-clock seconds measured (after the warm-up).
    package var seconds = 0.0
    /// Frames committed.
    package var frames = 0
    /// Frames the compositor reported presented.
    package var presentedFrames = 0
    /// Frames of the timeline the compositor reported discarded.
    package var discardedFrames: Int { timeline.filter(\.isDiscarded).count }
    /// Frames of the timeline the compositor reported presented at a time before their commit. A few are
    /// commits dated late: on the EGL path a commit is dated when eglSwapBuffers returned, and on a busy
    /// machine the compositor presented some frames before that (nested sway and cage in the Debian 13 tier's
    /// CI). Most of them say the presentation times are not on the clock the compositor named
    /// (`presentsOnAnotherClock`).
    package var presentedBeforeCommit: Int { timeline.filter { frame in frame.presentTime.map { $0 < frame.commitTime } ?? false }.count }
    /// More than half of the frames presented were presented before their commit: the compositor's
    /// presentation times are not on the clock it named (wp_presentation.clock_id), and every time measured
    /// to a presentation is wrong (KWin 6.3 inside weston passed weston's CLOCK_MONOTONIC_RAW times on as
    /// CLOCK_MONOTONIC: 260 ms before their commits on this VM one day).
    package var presentsOnAnotherClock: Bool { presentedBeforeCommit * 2 > timeline.filter { $0.presentTime != nil }.count }
    /// CPU seconds (user + system) of this process.
    package var cpuSeconds = 0.0
    /// CPU seconds of the compositor, when its process id was given.
    package var compositorCPUSeconds: Double?
    /// Scene build to swap return, milliseconds.
    package var render: Distribution?
    /// GPU time of each frame's drawing, milliseconds (`FrameStatistics.gpuDurations`); nil where it is not
    /// measured (the CPU renderer, a software GL renderer, no timer queries).
    package var gpu: Distribution?
    /// Oldest input a frame shows to its commit, milliseconds.
    package var inputToCommit: Distribution?
    /// Oldest input a frame shows to the compositor presenting it, milliseconds.
    package var inputToPresent: Distribution?
    /// Milliseconds from each input event (the compositor's event time) to the presentation of the first
    /// frame that shows it: what a person sees, as weston-presentation-shm and foot measure it.
    package var inputEventToPresent: Distribution?
    /// Milliseconds from each input event's compositor time to its arrival at the window: the compositor's
    /// part of `inputEventToPresent`.
    package var inputEventToArrival: Distribution?
    /// Milliseconds from each input event's arrival at the window to the presentation of the first frame that
    /// shows it: the window's part (its wait for the frame, the drawing), with the compositor's latch.
    package var inputArrivalToPresent: Distribution?
    /// Milliseconds from each input event to the earliest presentation a client that draws in no time could
    /// have given it on the same refreshes (`FrameStatistics.floorInputToPresentTimes`): the compositor's
    /// part of `inputEventToPresent`, which the window's drawing, planned margin and missed refreshes add to.
    package var inputEventToPresentFloor: Distribution?
    /// Milliseconds from each presented frame's commit to its presentation: weston-presentation-shm's `c2p`.
    package var commitToPresent: Distribution? {
        Distribution(timeline.compactMap { f in f.presentTime.map { ($0 - f.commitTime) * 1000 } })
    }
    /// Refreshes of an output refreshing every `refresh` seconds that showed no new frame of ours, between
    /// the phase's first and last presented frames: for each two presentations in a row, the whole refreshes
    /// between them less one. nil without a refresh or two presentations. While the input changes the
    /// sliders faster than the output refreshes, every one of them is a frame missed.
    package func skippedRefreshes(refresh: Double?) -> Int? {
        guard let refresh, refresh > 0 else { return nil }
        let times = timeline.compactMap(\.presentTime).sorted()
        guard times.count > 1 else { return nil }
        return zip(times, times.dropFirst()).reduce(0) { skipped, pair in skipped + max(0, Int(((pair.1 - pair.0) / refresh).rounded()) - 1) }
    }
    /// Per frame: seconds since the phase began, milliseconds since the previous commit (for a plot).
    package var intervals: [(Double, Double)] = []
    /// When the measured part began and ended, seconds on the window's presentation clock.
    package var start = 0.0, end = 0.0
    /// The frames committed in the measured part, as the window recorded them (for a trace).
    package var timeline: [FrameStatistics.Frame] = []

    package init(name: String) { self.name = name }

    /// Per frame of `timeline` that shows input: milliseconds from its oldest input to its commit.
    package var inputToCommitSamples: [Double] { timeline.compactMap { f in f.inputTime.map { (f.commitTime - $0) * 1000 } } }
    /// Per frame of `timeline` that shows input and was presented: milliseconds from its oldest input to
    /// the presentation.
    package var inputToPresentSamples: [Double] {
        timeline.compactMap { f in f.inputTime.flatMap { i in f.presentTime.map { ($0 - i) * 1000 } } }
    }

    package var fps: Double { seconds > 0 ? Double(frames) / seconds : 0 }
    /// CPU seconds per committed frame, nil without frames.
    package var cpuPerFrame: Double? { frames > 0 ? cpuSeconds / Double(frames) : nil }
    /// Compositor CPU seconds per committed frame, when measured.
    package var compositorCPUPerFrame: Double? { frames > 0 ? compositorCPUSeconds.map { $0 / Double(frames) } : nil }
}
