@_spi(Internals) import SliderRenderer
@_spi(Internals) import SliderWayland

/// What a window's frame loop measured about its frames, for benchmarks: per committed frame the time it was
/// committed, when the first input it shows arrived, how long rendering took, and when (or whether) the
/// compositor presented it; the GPU time of each frame where the driver has timer queries and renders on a GPU.
/// Times are seconds on the presentation clock. Keeps the last `capacity` frames. Attached as the loop's
/// observer (`SliderWindow(measuring:sliders:background:socket:)`); one loop's only.
package final class FrameStatistics: FrameObserver {
    package struct Frame: Equatable, Sendable {
        /// When eglSwapBuffers (the commit) returned.
        package var commitTime: Double
        /// When the oldest input event this frame shows arrived from the compositor; nil when it shows none.
        package var inputTime: Double?
        /// Seconds from starting the scene to the swap's return (CPU side; the GPU may still be working).
        package var renderDuration: Double
        /// Device pixels redrawn.
        package var redrawnPixels: Int
        /// When wp_presentation says the frame turned into light; nil until then or without it.
        package var presentTime: Double?
        /// The compositor discarded the frame (replaced before it was shown).
        package var isDiscarded = false

        package init(commitTime: Double, inputTime: Double?, renderDuration: Double, redrawnPixels: Int) {
            self.commitTime = commitTime
            self.inputTime = inputTime
            self.renderDuration = renderDuration
            self.redrawnPixels = redrawnPixels
        }
    }

    /// How the frames reach the compositor (EGL window surface, or wl_shm buffers of ours in software).
    package private(set) var presentationPath = PresentationPath.eglWindow
    /// What drew the frames: the GLES2 renderer or the CPU renderer.
    package private(set) var renderer = RendererKind.gles
    /// What paced the frames (`FramePacing`).
    package private(set) var pacing = FramePacing.deadline
    /// The output's refresh interval in seconds as the last presentation feedback gave it; nil until one
    /// came, or when the compositor does not know it (0 in the feedback).
    package private(set) var refreshInterval: Double?
    /// Frames kept, oldest first once the ring has wrapped (see `frames`).
    package let capacity: Int
    /// Frames committed since the window opened, or since the last `reset()`.
    package private(set) var committedCount = 0
    /// Commits of only a target time, for timed frames the compositor left unapplied, since the window opened.
    package private(set) var nudgedCommits = 0
    /// When the last frame or nudge was committed (presentation clock), nil before the first.
    package private(set) var lastCommitTime: Double?
    /// When the first frame was drawn and committed (`MonotonicTime.seconds()`, the start-up timeline's clock).
    package private(set) var firstFrameDrawn: Double?, firstFrameCommitted: Double?
    /// Times each frame's drawing on the GPU (a GPU driver with timer queries); made when attached.
    private var gpuTimer: GPUFrameTimer?
    /// The sequence number of the first frame since the last reset: numbers run on across resets, so an
    /// answer for a frame committed before one is not counted after it.
    private var firstSequence = 0
    /// Frames the compositor reported presented / discarded.
    package private(set) var presentedCount = 0, discardedCount = 0
    /// True when the frames' GPU time is measured (`GPUFrameTimer`: a GPU driver with timer queries).
    package var measuresGPUTime: Bool { gpuTimer != nil }
    /// GPU seconds of the frames drawn since the last reset, as the GPU finished them (at most `capacity`,
    /// the latest kept): a frame's GPU time comes a frame or more after its commit.
    package private(set) var gpuDurations: [Double] = []
    private var ring: [Frame]
    /// Input events since the last reset: when each happened, when it reached the window (nil: timed at its
    /// arrival), and the sequence number of the first frame drawn after it (the frame that shows it, or,
    /// when that one was discarded, the next presented).
    private var inputs: [(time: Double, arrival: Double?, sequence: Int)] = []
    /// Input events kept at most (the oldest are dropped).
    private let inputCapacity = 65_536

    /// Room for 16,384 frames: 10 s at 1,000 Hz and more (56 bytes a frame: 0.9 MiB, used as it fills).
    package init(capacity: Int = 16_384) {
        self.capacity = max(capacity, 1)
        ring = []
        ring.reserveCapacity(min(self.capacity, 1024))
    }

    /// The kept frames, oldest first.
    package var frames: [Frame] {
        guard ring.count == capacity else { return ring }
        let start = committedCount % capacity
        return Array(ring[start...] + ring[..<start])
    }

    /// Forgets every frame (a benchmark's warm-up is over).
    package func reset() {
        ring.removeAll(keepingCapacity: true)
        gpuDurations.removeAll(keepingCapacity: true)
        inputs.removeAll(keepingCapacity: true)
        firstSequence += committedCount
        committedCount = 0
        presentedCount = 0
        discardedCount = 0
    }

    // MARK: The frame loop's steps

    package func attached(presentation: PresentationPath, renderer: RendererKind, pacing: FramePacing) {
        (presentationPath, self.renderer, self.pacing) = (presentation, renderer, pacing)
        gpuTimer = renderer == .gles ? GPUFrameTimer() : nil
    }

    package func inputReceived(happenedAt time: Double?, arrivedAt arrival: Double) {
        recordInput(at: time ?? arrival, arrivedAt: arrival)
    }

    package func frameWillDraw() { gpuTimer?.begin() }

    package func frameDidDraw() {
        if firstFrameDrawn == nil { firstFrameDrawn = MonotonicTime.seconds() }
        guard let gpuTimer else { return }
        gpuTimer.end()
        recordGPUDurations(gpuTimer.collect())
    }

    package func frameCommitted(_ commit: FrameCommit) {
        if firstFrameCommitted == nil { firstFrameCommitted = MonotonicTime.seconds() }
        lastCommitTime = commit.commitTime
        recordCommit(Frame(commitTime: commit.commitTime, inputTime: commit.inputTime, renderDuration: commit.renderDuration,
                           redrawnPixels: commit.redrawnPixels))
    }

    package func timedCommitNudged(at time: Double) {
        nudgedCommits += 1
        lastCommitTime = time
    }

    package func presentationAnswered(_ request: PresentationFeedback.Request, _ answer: PresentationFeedback.Answer) {
        if case .presented(_, let refresh) = answer, refresh > 0 { refreshInterval = refresh }
        guard let sequence = sequence(committedAt: request.commitTime) else { return }
        switch answer {
        case .presented(let time, let refresh): presented(sequence, at: time, refresh: refresh)
        case .discarded: discarded(sequence)
        }
    }

    package var awaitsPresentation: Bool { committedCount > presentedCount + discardedCount }

    // MARK: Recording

    /// Records the GPU seconds of frames the GPU has finished.
    package func recordGPUDurations(_ durations: [Double]) {
        gpuDurations += durations
        if gpuDurations.count > capacity { gpuDurations.removeFirst(gpuDurations.count - capacity) }
    }

    /// Records an input event that happened at `time` (the compositor's event time on the presentation
    /// clock) and reached the window at `arrival` (nil: `time` is its arrival); the next committed frame is
    /// the first that can show it.
    package func recordInput(at time: Double, arrivedAt arrival: Double? = nil) {
        if inputs.count == inputCapacity { inputs.removeFirst(inputCapacity / 2) }
        inputs.append((time, arrival == time ? nil : arrival, nextSequence))
    }

    /// For every input event since the last reset that carried the compositor's time: seconds from that time
    /// to its arrival at the window. This is the compositor's part of `inputToPresentTimes` (its trip to the
    /// window, and up to a millisecond where the time is a millisecond's start); the rest is the window's wait
    /// for its frame, the drawing and the compositor's latch.
    package var inputArrivalDelays: [Double] { inputs.compactMap { input in input.arrival.map { $0 - input.time } } }

    /// When each input event since the last reset happened, in the order they arrived (the oldest are
    /// dropped past 65,536).
    package var inputEventTimes: [Double] { inputs.map(\.time) }

    /// For every input event since the last reset whose frame was presented: seconds from the event to the
    /// presentation of the first frame drawn after it that was presented. This is what a person sees, and
    /// what weston-presentation-shm and foot measure; `Frame.inputTime` is only each frame's oldest input.
    /// An event whose frame has left the ring (more than `capacity` frames ago) is left out: the oldest frame
    /// kept did not show it.
    package var inputToPresentTimes: [Double] { presentationDelays { input in input.time } }

    /// For every input event since the last reset that carried the compositor's time and whose frame was
    /// presented: seconds from its arrival at the window to that presentation (the window's part of
    /// `inputToPresentTimes`, with the compositor's latch).
    package var arrivalToPresentTimes: [Double] { presentationDelays { input in input.arrival } }

    /// Per input event whose frame was presented and that `start` gives a time: seconds from that time to the
    /// presentation of the first presented frame drawn after the event.
    private func presentationDelays(from start: ((time: Double, arrival: Double?, sequence: Int)) -> Double?) -> [Double] {
        let kept = frames
        let firstKept = firstSequence + committedCount - kept.count
        var latencies: [Double] = []
        latencies.reserveCapacity(inputs.count)
        var frame = 0
        for input in inputs where input.sequence >= firstKept {
            frame = max(frame, input.sequence - firstKept)
            while frame < kept.count, kept[frame].presentTime == nil { frame += 1 }
            guard frame < kept.count, let present = kept[frame].presentTime else { break }
            if let time = start(input) { latencies.append(present - time) }
        }
        return latencies
    }

    /// For every input event since the last reset: seconds from the event to the earliest presentation a
    /// client that draws in no time could have given it, on the refreshes this window saw: it commits the
    /// event as it arrives, and a commit makes the first refresh whose latch is at or after it. The latch is
    /// taken to be the least commit → present of the frames presented (a commit that late was seen to make
    /// its refresh); the refreshes are this window's presentations, with those it left without a frame
    /// filled in (where two presentations are more than one and a half of their lower median interval
    /// apart), and before the first, one median interval apart (an event that arrived before the first
    /// refresh's latch is shown at the earliest of those whose latch it makes, so the floor counts the same
    /// events as `inputToPresentTimes`, each no later than there). An event after the last latch is left out.
    /// `inputToPresentTimes` less this is what the window adds: its drawing, the margin it plans for, and
    /// the refreshes it missed; the floor itself is the compositor's (its trip, its latch, its refresh).
    package var floorInputToPresentTimes: [Double] {
        let presented = frames.compactMap { frame in frame.presentTime.map { (commit: frame.commitTime, present: $0) } }
        guard presented.count > 1, let latch = presented.map({ $0.present - $0.commit }).min() else { return [] }
        let times = presented.map(\.present).sorted()
        let intervals = zip(times, times.dropFirst()).map { $1 - $0 }.sorted()
        let period = intervals[(intervals.count - 1) / 2]
        var refreshes = [times[0]]
        for (previous, next) in zip(times, times.dropFirst()) {
            let count = period > 0 ? max(1, Int(((next - previous) / period).rounded())) : 1
            refreshes += (1...count).map { previous + (next - previous) * Double($0) / Double(count) }
        }
        var floors: [Double] = [], refresh = 0
        floors.reserveCapacity(inputs.count)
        for input in inputs {
            let arrival = input.arrival ?? input.time
            if arrival <= refreshes[0] - latch {
                guard period > 0 else { continue }
                let before = ((refreshes[0] - latch - arrival) / period).rounded(.down)
                floors.append(refreshes[0] - before * period - input.time)
                continue
            }
            while refresh < refreshes.count, refreshes[refresh] - latch < arrival { refresh += 1 }
            guard refresh < refreshes.count else { break }
            floors.append(refreshes[refresh] - input.time)
        }
        return floors
    }

    /// True while the last input event since the reset is on no presented frame yet: the frame that shows it
    /// is still to be drawn, or waits for the compositor's answer (a frame presented after it shows every
    /// event before it too).
    package var hasInputAwaitingPresentation: Bool {
        guard let last = inputs.last else { return false }
        let kept = frames
        let from = last.sequence - (firstSequence + committedCount - kept.count)
        return from >= kept.count || !kept[max(from, 0)...].contains { $0.presentTime != nil }
    }

    /// The sequence number the next committed frame gets.
    package var nextSequence: Int { firstSequence + committedCount }

    /// The sequence number of the kept frame committed at `time` (the presentation feedback's request is dated
    /// with it); nil for a frame committed before the last reset or no longer kept. Commit times grow, and
    /// an answer comes a few frames after its commit: the ring is searched from the newest frame back.
    private func sequence(committedAt time: Double) -> Int? {
        let kept = min(ring.count, committedCount)
        for back in 0..<kept {
            let sequence = nextSequence - 1 - back
            guard let slot = slot(of: sequence) else { return nil }
            if ring[slot].commitTime == time { return sequence }
            if ring[slot].commitTime < time { return nil }
        }
        return nil
    }

    /// Records a committed frame; returns its sequence number for `presented` / `discarded`.
    @discardableResult
    package func recordCommit(_ frame: Frame) -> Int {
        if ring.count < capacity { ring.append(frame) } else { ring[committedCount % capacity] = frame }
        committedCount += 1
        return nextSequence - 1
    }

    /// The frame's index since the last reset; nil for a frame committed before it.
    private func index(of sequence: Int) -> Int? {
        let index = sequence - firstSequence
        return index >= 0 && index < committedCount ? index : nil
    }

    /// Where the frame is kept; nil when it was committed before the last reset or has left the ring.
    private func slot(of sequence: Int) -> Int? {
        guard let index = index(of: sequence), committedCount - index <= capacity else { return nil }
        return index % capacity
    }

    package func presented(_ sequence: Int, at time: Double, refresh: Double) {
        if refresh > 0 { refreshInterval = refresh }
        guard index(of: sequence) != nil else { return }
        presentedCount += 1
        if let i = slot(of: sequence) { ring[i].presentTime = time }
    }

    package func discarded(_ sequence: Int) {
        guard index(of: sequence) != nil else { return }
        discardedCount += 1
        if let i = slot(of: sequence) { ring[i].isDiscarded = true }
    }
}
