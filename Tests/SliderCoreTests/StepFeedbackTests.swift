import Testing
@_spi(Internals) @testable import SliderCore

@Suite struct StepFeedbackTests {
    func dragSlider(step: Double = 0.1, budget: Double = 0) throws -> (Slider, EventLog) {
        let s = Slider(clock: ManualClock())
        s.frame = Rect(x: 0, y: 0, width: 400, height: 44)
        try s.setStepping(.size(step))
        s.snapMode = .never
        var feedback = StepFeedbackConfiguration()
        feedback.minimumInterval = budget
        try s.setStepFeedback(feedback)
        return (s, EventLog(s))
    }

    @Test func oneEventPerBoundaryCrossed() throws {
        let (s, log) = try dragSlider()
        s.beginTracking(.pointer, at: s.point(for: 0), time: 0)
        for i in 1...100 { s.continueTracking(.pointer, at: s.point(for: Double(i) / 100 * 0.55), time: Double(i) * 0.01) }
        s.endTracking(.pointer, time: 2)
        #expect(log.steps.map(\.boundary) == [0.1, 0.2, 0.3, 0.4, 0.5])
        #expect(log.steps.allSatisfy { $0.count == 1 && $0.direction == 1 })
    }

    /// Found by the router fuzzer: with no budget, a stamp a little older than the last (two devices
    /// interleaved) held its crossing back until the next change.
    @Test func withoutABudgetAnOutOfOrderStampFiresAtOnce() throws {
        let (s, log) = try dragSlider()
        try s.setValue(0.45, animated: false)
        let c = s.thumbCenter()
        s.beginTracking(.pointer, at: c, time: 1)
        s.continueTracking(.pointer, at: Point(x: c.x + 40, y: c.y), time: 1.2)
        s.continueTracking(.pointer, at: Point(x: c.x + 80, y: c.y), time: 1.19)
        #expect(log.steps.map(\.boundary) == [0.5, 0.6], "both crossings fired with their motion: \(log.steps)")
    }

    /// Found by the router fuzzer: a value set by code or put back by a cancel reset the last input time to
    /// zero, so the next keyboard or accessibility step was stamped at time zero.
    @Test func aValueSetByCodeKeepsTheLastInputTime() throws {
        let (s, log) = try dragSlider()
        try s.setValue(0.45, animated: false)
        let c = s.thumbCenter()
        s.beginTracking(.pointer, at: c, time: 7)
        s.continueTracking(.pointer, at: Point(x: c.x + 40, y: c.y), time: 7.1)
        s.endTracking(.pointer, time: 7.2)
        try s.setValue(0.35, animated: false)
        s.accessibilityIncrement()
        #expect(log.steps.map(\.boundary) == [0.5, 0.4])
        #expect(log.steps.map(\.time) == [7.1, 7.1], "\(log.steps)")
    }

    @Test func fingerRestingOnABoundaryDoesNotFlicker() throws {
        let (s, log) = try dragSlider()
        try s.setValue(0.25, animated: false)
        s.beginTracking(.pointer, at: s.point(for: 0.25), time: 0)
        s.continueTracking(.pointer, at: s.point(for: 0.3001), time: 0.1)
        #expect(log.steps.count == 1)
        var t = 0.1
        for jitter in [-0.004, 0.003, -0.01, 0.002, -0.02, 0.0, -0.015] {
            t += 0.05
            s.continueTracking(.pointer, at: s.point(for: 0.3 + jitter), time: t)
        }
        #expect(log.steps.count == 1, "within the hysteresis margin nothing fires again")
        s.continueTracking(.pointer, at: s.point(for: 0.27), time: t + 0.05)
        #expect(log.steps.count == 2 && log.steps[1].direction == -1, "leaving by more than a quarter step fires once")
    }

    @Test func fastDragsMergeIntoOneEventWithCountAndSpeed() throws {
        let (s, log) = try dragSlider(step: 0.01, budget: 1.0 / 30)
        s.beginTracking(.pointer, at: s.point(for: 0), time: 0)
        for i in 1...10 { s.continueTracking(.pointer, at: s.point(for: Double(i) / 10), time: Double(i) * 0.004) }
        s.endTracking(.pointer, time: 0.05)
        let total = log.steps.reduce(0) { $0 + $1.count }
        #expect(total == 99, "every interior boundary of 0...1 by 0.01 is counted")
        #expect(log.steps.count <= 3, "at most one event per 1/30 s plus the flush at release")
        #expect(log.steps.contains { $0.count > 1 && $0.speed > 10 })
    }

    /// A drag that stops while crossings wait for the budget: the host learns when they are due and flushes
    /// them then, without waiting for the next event.
    @Test func crossingsHeldByTheBudgetAreDueAtAKnownTime() throws {
        let (s, log) = try dragSlider(step: 0.1, budget: 1.0 / 30)
        s.beginTracking(.pointer, at: s.point(for: 0), time: 0)
        s.continueTracking(.pointer, at: s.point(for: 0.15), time: 0.010)
        #expect(log.steps.map(\.boundary) == [0.1], "the first crossing fires at once")
        s.continueTracking(.pointer, at: s.point(for: 0.35), time: 0.020)
        #expect(log.steps.count == 1, "the next two wait for the budget")
        let due = try #require(s.nextStepEventTime)
        #expect(abs(due - (0.010 + 1.0 / 30)) < 1e-9)
        s.emitDueStepEvents(at: due - 0.001)
        #expect(log.steps.count == 1, "not before it is due")
        s.emitDueStepEvents(at: due)
        #expect(log.steps.count == 2 && log.steps[1].count == 2 && log.steps[1].boundary == 0.3)
        #expect(s.nextStepEventTime == nil)
    }

    @Test func limitEventsAtTheEndsWithImpactSpeed() throws {
        let (s, log) = try dragSlider()
        s.beginTracking(.pointer, at: s.point(for: 0.5), time: 0)
        s.continueTracking(.pointer, at: s.point(for: 0.9), time: 0.1)
        s.continueTracking(.pointer, at: s.point(for: 1.0) .offset(dx: 80), time: 0.2)
        s.continueTracking(.pointer, at: s.point(for: 1.0).offset(dx: 100), time: 0.3)
        #expect(log.limits.count == 1)
        #expect(log.limits.first?.end == .maximum)
        #expect(abs((log.limits.first?.impactSpeed ?? 0) - 1.0) < 1e-6, "0.1 in 0.1 s")
        s.continueTracking(.pointer, at: s.point(for: 0.995), time: 0.4)
        s.continueTracking(.pointer, at: s.point(for: 1), time: 0.5)
        #expect(log.limits.count == 1, "re-armed only after leaving the end by a margin")
        s.continueTracking(.pointer, at: s.point(for: 0.0), time: 0.6)
        #expect(log.limits.last?.end == .minimum)
    }

    @Test func detentsOnAContinuousSlider() throws {
        let s = Slider(clock: ManualClock())
        s.frame = Rect(x: 0, y: 0, width: 400, height: 44)
        var config = StepFeedbackConfiguration(boundaries: .detents([0.5, 0.25, 0.5, 2, -1]))
        config.minimumInterval = 0
        try s.setStepFeedback(config)
        let log = EventLog(s)
        s.beginTracking(.pointer, at: s.point(for: 0), time: 0)
        for i in 1...20 { s.continueTracking(.pointer, at: s.point(for: Double(i) / 20), time: Double(i) * 0.05) }
        #expect(log.steps.map(\.boundary) == [0.25, 0.5], "sorted, de-duplicated, outside values dropped")
        #expect(throws: SliderError.nonFiniteValue(.detent)) { try s.setStepFeedback(StepFeedbackConfiguration(boundaries: .detents([.nan]))) }
        #expect(throws: SliderError.invalidStepSize(0)) { try s.setStepFeedback(StepFeedbackConfiguration(boundaries: .every(0))) }
    }

    @Test func everyTenPercentOnAVolumeSlider() throws {
        let s = Slider(clock: ManualClock())
        s.frame = Rect(x: 0, y: 0, width: 400, height: 44)
        try s.setStepFeedback(StepFeedbackConfiguration(boundaries: .every(0.1)))
        let log = EventLog(s)
        try s.setValue(0.05, animated: false)
        s.beginTracking(.pointer, at: s.point(for: 0.05), time: 0)
        s.continueTracking(.pointer, at: s.point(for: 0.95), time: 1)
        s.endTracking(.pointer, time: 1.1)
        #expect(log.steps.reduce(0) { $0 + $1.count } == 9)
    }

    @Test func valuesSetByCodeFireNoFeedback() throws {
        let (s, log) = try dragSlider()
        try s.setValue(0.9, animated: true)
        #expect(log.events.isEmpty)
    }
}

extension Point {
    func offset(dx: Double = 0, dy: Double = 0) -> Point { Point(x: x + dx, y: y + dy) }
}
