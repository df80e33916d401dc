import FrameTiming
@_spi(Internals) import SliderWayland
import Testing

/// The frame statistics' counts: an answer from the compositor belongs to the frame it was asked for with,
/// also across a reset (a benchmark's warm-up ending while frames are still in flight).
@Suite struct FrameStatisticsTests {
    private func frame(_ time: Double) -> FrameStatistics.Frame {
        FrameStatistics.Frame(commitTime: time, inputTime: nil, renderDuration: 0.001, redrawnPixels: 1)
    }

    /// A benchmark's phase counts the frames presented before their commit was dated: a few are commits dated
    /// late (an EGL swap returning after the presentation on a busy machine); most say the compositor's
    /// presentation times are not on the clock it named, and every figure to a presentation is wrong (the
    /// bench says so).
    @Test func aPhaseCountsTheFramesPresentedBeforeTheirCommit() {
        var phase = FramePhase(name: "drag")
        phase.timeline = [frame(1.0), frame(1.02), frame(1.04)]
        (phase.timeline[0].presentTime, phase.timeline[1].presentTime) = (1.016, 1.018)
        #expect(phase.presentedBeforeCommit == 1 && !phase.presentsOnAnotherClock && phase.discardedFrames == 0)
        phase.timeline[0].presentTime = 0.76
        #expect(phase.presentedBeforeCommit == 2 && phase.presentsOnAnotherClock)
    }

    @Test func anAnswerForAFrameCommittedBeforeAResetIsNotCounted() {
        let statistics = FrameStatistics()
        let early = (0..<3).map { statistics.recordCommit(frame(Double($0))) }
        statistics.presented(early[0], at: 0.5, refresh: 0.016)
        statistics.reset()
        let late = statistics.recordCommit(frame(10))
        #expect(late != early[2], "sequence numbers run on across the reset")
        statistics.presented(early[1], at: 10.1, refresh: 0.016)
        statistics.discarded(early[2])
        #expect(statistics.presentedCount == 0 && statistics.discardedCount == 0, "the answers for the earlier frames are not counted")
        statistics.presented(late, at: 10.2, refresh: 0.016)
        #expect(statistics.presentedCount == 1 && statistics.frames.map(\.presentTime) == [10.2])
        #expect(statistics.refreshInterval == 0.016)
    }

    @Test func eachAnswerGoesToItsFrame() {
        let statistics = FrameStatistics(capacity: 2)
        let sequences = (0..<3).map { statistics.recordCommit(frame(Double($0))) }
        statistics.discarded(sequences[1])
        statistics.presented(sequences[2], at: 2.5, refresh: 0)
        statistics.presented(sequences[0], at: 0.5, refresh: 0)
        #expect(statistics.presentedCount == 2 && statistics.discardedCount == 1, "the first frame has left the ring but is counted")
        #expect(statistics.frames.map(\.isDiscarded) == [true, false] && statistics.frames.map(\.presentTime) == [nil, 2.5])
        #expect(statistics.refreshInterval == nil, "a refresh of 0 is unknown")
    }
}

/// Input to presentation per event: each input event counts to the first presented frame drawn after it.
@Suite struct InputToPresentTests {
    @Test func eachEventCountsToTheFirstPresentedFrameAfterIt() {
        let statistics = FrameStatistics()
        func commit(_ time: Double) -> Int {
            statistics.recordCommit(FrameStatistics.Frame(commitTime: time, inputTime: nil, renderDuration: 0.001, redrawnPixels: 1))
        }
        statistics.recordInput(at: 1.000)
        statistics.recordInput(at: 1.004)
        let first = commit(1.005)
        statistics.recordInput(at: 1.010)
        let second = commit(1.012)
        statistics.recordInput(at: 1.020)
        let third = commit(1.022)
        statistics.recordInput(at: 1.030)
        statistics.presented(first, at: 1.016, refresh: 0.016)
        statistics.discarded(second)
        statistics.presented(third, at: 1.048, refresh: 0.016)
        let latencies = statistics.inputToPresentTimes.map { ($0 * 1000).rounded() }
        #expect(latencies == [16, 12, 38, 28], "the discarded frame's input counts to the next presented one; the last event has no frame yet")
    }

    /// An event that carried the compositor's time is split at its arrival: the compositor's trip to the
    /// window, and from there to the screen. One timed at its arrival has no trip and is left out of both.
    @Test func anEventIsSplitAtItsArrivalAtTheWindow() {
        let statistics = FrameStatistics()
        statistics.recordInput(at: 1.000, arrivedAt: 1.002)
        statistics.recordInput(at: 1.004)
        statistics.recordInput(at: 1.006, arrivedAt: 1.006)
        statistics.recordInput(at: 1.008, arrivedAt: 1.0085)
        let frame = statistics.recordCommit(FrameStatistics.Frame(commitTime: 1.010, inputTime: 1.000, renderDuration: 0.001, redrawnPixels: 1))
        statistics.presented(frame, at: 1.020, refresh: 0.016)
        #expect(statistics.inputArrivalDelays.map { ($0 * 10_000).rounded() } == [20, 5], "the two that arrived after their time")
        #expect(statistics.arrivalToPresentTimes.map { ($0 * 10_000).rounded() } == [180, 115])
        #expect(statistics.inputToPresentTimes.map { ($0 * 1000).rounded() } == [20, 16, 14, 12], "every event, from its time")
    }

    /// The floor counts each event to the first refresh whose latch (the least commit → present seen) is at
    /// or after its arrival, a refresh the window left without a frame included, and those before the first
    /// one refresh interval apart; an event after the last latch is left out. Each event's floor is no later
    /// than the window's own figure for it, and the two count the same events.
    @Test func theFloorCountsEachEventToTheFirstRefreshItsArrivalCouldMake() {
        let statistics = FrameStatistics()
        func frame(committed commit: Double, presented present: Double) {
            let sequence = statistics.recordCommit(FrameStatistics.Frame(commitTime: commit, inputTime: nil, renderDuration: 0.001, redrawnPixels: 1))
            statistics.presented(sequence, at: present, refresh: 0.010)
        }
        statistics.recordInput(at: 0.985, arrivedAt: 0.986)
        statistics.recordInput(at: 1.000, arrivedAt: 1.001)
        frame(committed: 1.008, presented: 1.010)
        #expect(statistics.floorInputToPresentTimes.isEmpty, "one presentation gives no refresh interval")
        statistics.recordInput(at: 1.009, arrivedAt: 1.010)
        frame(committed: 1.0185, presented: 1.020)
        statistics.recordInput(at: 1.019)
        statistics.recordInput(at: 1.030, arrivedAt: 1.0305)
        frame(committed: 1.037, presented: 1.040)
        statistics.recordInput(at: 1.045)
        let floors = statistics.floorInputToPresentTimes.map { ($0 * 10_000).rounded() / 10 }
        #expect(floors == [5, 10, 11, 11, 10],
                "the latch 1.5 ms before each refresh, 0.990 and 1.000 before the first, 1.030 filled in between 1.020 and 1.040: \(floors)")
        let own = statistics.inputToPresentTimes.map { ($0 * 1000).rounded() }
        #expect(own == [25, 10, 11, 21, 10], "the window's own, beside it")
        #expect(zip(floors, own).allSatisfy { $0 <= $1 })
    }

    /// Events whose frames have left the ring count to no frame: they were counted to the oldest frame kept,
    /// which made a 720 Hz run's p99 1.4 s when its ring of 4096 frames wrapped.
    @Test func anEventWhoseFrameLeftTheRingIsLeftOut() {
        let statistics = FrameStatistics(capacity: 4)
        for n in 0..<10 {
            let time = Double(n) / 100
            statistics.recordInput(at: time)
            let frame = statistics.recordCommit(FrameStatistics.Frame(commitTime: time + 0.001, inputTime: time, renderDuration: 0.001, redrawnPixels: 1))
            statistics.presented(frame, at: time + 0.005, refresh: 0.01)
        }
        let latencies = statistics.inputToPresentTimes.map { ($0 * 1000).rounded() }
        #expect(latencies == [5, 5, 5, 5], "the four kept frames' events, each 5 ms: \(latencies)")
    }
}
