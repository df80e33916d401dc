import Testing
@_spi(Internals) @testable import SliderCore

/// Thousands of random event sequences through the router, with fixed seeds, checking invariants that must
/// hold whatever the user does.
@Suite struct SliderPropertyTests {
    struct Config {
        var stepping: Stepping
        var snap: SnapMode
        var isRange: Bool
        var policy: InteractionPolicy
        var continuous: Bool
        var rtl: Bool
        var budget: Double
        var hysteresis: Double
    }

    static func randomConfig(_ rng: inout SeededGenerator) -> Config {
        let steppings: [Stepping] = [.continuous, .size(0.1), .size(0.05), .count(7), .size(0.3)]
        let snaps: [SnapMode] = [.always, .onRelease, .never]
        let policies: [InteractionPolicy] = [.tapAndSlide, .slideThumb, .tapOnly, .slideOnly]
        return Config(stepping: steppings.randomElement(using: &rng)!, snap: snaps.randomElement(using: &rng)!,
                      isRange: Bool.random(using: &rng), policy: policies.randomElement(using: &rng)!,
                      continuous: Bool.random(using: &rng), rtl: Bool.random(using: &rng),
                      budget: [0, 1.0 / 30].randomElement(using: &rng)!, hysteresis: [0, 0.25].randomElement(using: &rng)!)
    }

    /// One random session: returns the slider and its log after every gesture has been ended.
    struct Session {
        var slider: Slider
        var log: EventLog
        var config: Config
        /// Values when each editing gesture began, in order.
        var pressValues: [(Double, Double)]
        /// Values after configuration, before any input.
        var initial: (Double, Double)
        /// Per thumb, the change in boundary level made silently by cancels (restores fire no steps).
        var silentLevelChange: [Int]
    }

    static func run(seed: UInt64, events: Int = 120) throws -> Session {
        var rng = SeededGenerator(seed: seed)
        let config = randomConfig(&rng)
        let surface = TestSurface()
        let s = surface.addSlider(isRange: config.isRange, y: 20, width: 300)
        try s.setBounds(minimum: -2, maximum: 5)
        try s.setStepping(config.stepping)
        s.snapMode = config.snap
        s.tracking.policy = config.policy
        s.isContinuous = config.continuous
        s.layoutDirection = config.rtl ? .rightToLeft : .leftToRight
        var feedback = StepFeedbackConfiguration()
        feedback.minimumInterval = config.budget
        feedback.hysteresis = config.hysteresis
        if config.stepping == .continuous { feedback.boundaries = .every(0.5) }
        try s.setStepFeedback(feedback)
        let log = EventLog(s)
        let initial = (s.value, s.upperValue)
        var silent = [0, 0]
        final class Presses { var values: [(Double, Double)] = [] }
        let presses = Presses()
        s.onEditingChanged = { [unowned s] began in if began { presses.values.append((s.value, s.upperValue)) } }
        var pointerDown = false
        var touches: Set<Int32> = []
        let track = s.layout.trackRect
        func randomPoint() -> Point {
            Point(x: Double.random(in: track.minX - 40...track.maxX + 40, using: &rng),
                  y: Double.random(in: track.midY - 60...track.midY + 60, using: &rng))
        }
        for _ in 0..<events {
            let before = (s.value, s.upperValue)
            let cancelsBefore = log.cancels
            let ms = UInt32.random(in: 1...40, using: &rng)
            switch Int.random(in: 0..<12, using: &rng) {
            case 0: surface.pointer(.pointerMotion(randomPoint()), .pointerButton(button: PointerButton.left, state: .pressed), after: ms); pointerDown = true
            case 1, 2: surface.move(to: randomPoint(), after: ms)
            case 3: if pointerDown { surface.release(after: ms); pointerDown = false }
            case 4:
                let id = Int32.random(in: 1...3, using: &rng)
                if !touches.contains(id) { surface.touch(.touchDown(id: id, randomPoint()), after: ms); touches.insert(id) }
            case 5, 6: if let id = touches.randomElement(using: &rng) { surface.touch(.touchMotion(id: id, randomPoint()), after: ms) }
            case 7: if let id = touches.randomElement(using: &rng) { surface.touch(.touchUp(id: id), after: ms); touches.remove(id) }
            case 8: surface.touch(.touchCancel, after: ms); touches.removeAll()
            case 9:
                let keys = [Keysym.left, Keysym.right, Keysym.up, Keysym.down, Keysym.pageUp, Keysym.pageDown, Keysym.home, Keysym.end, Keysym.tab]
                surface.router.focus(s, visible: true)
                surface.key(keys.randomElement(using: &rng)!, after: ms)
            case 10: surface.send(.key(keysym: Keysym.escape, state: .pressed, modifiers: []), after: ms)
            default:
                surface.pointer(.pointerAxisValue120(axis: .vertical, value120: Int32.random(in: -240...240, using: &rng)), after: ms)
            }
            if log.cancels > cancelsBefore {
                // The events that cancel (touch cancel, Escape, leave) move nothing themselves.
                silent[0] += s.feedback.countAtOrBelow(s.value) - s.feedback.countAtOrBelow(before.0)
                silent[1] += s.feedback.countAtOrBelow(s.upperValue) - s.feedback.countAtOrBelow(before.1)
            }
        }
        if pointerDown { surface.release() }
        for id in touches { surface.touch(.touchUp(id: id)) }
        s.emitDueStepEvents(at: 1e9)
        return Session(slider: s, log: log, config: config, pressValues: presses.values, initial: initial, silentLevelChange: silent)
    }

    static let seeds: [UInt64] = Array(1...2000)

    @Test func valuesStayInBoundsAndOnTheGrid() throws {
        for seed in SliderPropertyTests.seeds.prefix(1000) {
            let session = try SliderPropertyTests.run(seed: seed)
            let (s, log, config) = (session.slider, session.log, session.config)
            for v in log.valueChanges + [s.value, s.upperValue] {
                #expect(v >= -2 && v <= 5, "seed \(seed): \(v) out of bounds")
            }
            #expect(s.value <= s.upperValue, "seed \(seed)")
            if let grid = s.model.grid, config.snap != .never {
                for v in [s.value, s.upperValue] {
                    #expect(grid.snapped(v) == v, "seed \(seed): \(v) off the grid at rest with \(config)")
                }
                if config.snap == .always {
                    for v in log.valueChanges { #expect(grid.snapped(v) == v, "seed \(seed): reported \(v) off the grid") }
                }
            }
        }
    }

    @Test func editingBeginsAndEndsInTurn() throws {
        for seed in SliderPropertyTests.seeds {
            let session = try SliderPropertyTests.run(seed: seed)
            let (s, log) = (session.slider, session.log)
            var editing = false
            for e in log.events {
                switch e {
                case .editingChanged(let now):
                    #expect(now != editing, "seed \(seed): editingChanged(\(now)) twice in a row")
                    editing = now
                case .cancelled:
                    #expect(editing, "seed \(seed): cancel outside a gesture")
                case .scrubbingRateChanged:
                    #expect(editing, "seed \(seed)")
                default: break
                }
            }
            #expect(!editing && !s.isTracking, "seed \(seed): a gesture left open")
        }
    }

    @Test func cancelRestoresThePressValues() throws {
        var cancels = 0
        for seed in SliderPropertyTests.seeds.prefix(1000) {
            let session = try SliderPropertyTests.run(seed: seed)
            let events = session.log.events
            var gesture = -1
            var last = session.initial
            for (i, e) in events.enumerated() {
                switch e {
                case .editingChanged(true): gesture += 1
                case .valueChanged(let thumb, let v): if thumb == 0 { last.0 = v } else { last.1 = v }
                case .cancelled where i + 1 < events.count && events[i + 1] == .editingChanged(false):
                    // The whole gesture was cancelled: both thumbs are back where they were at the press.
                    let press = session.pressValues[gesture]
                    cancels += 1
                    if session.config.continuous {
                        #expect(last.0 == press.0 && (!session.config.isRange || last.1 == press.1), "seed \(seed)")
                    }
                default: break
                }
            }
        }
        #expect(cancels > 100, "the sequences cancel often enough to mean something")
    }

    /// With hysteresis 0, the signed step counts add up to the change in how many boundaries lie at or below
    /// the value, less what cancels restored silently.
    @Test func stepCountsAddUpToTheBoundariesCrossed() throws {
        var checked = 0
        for seed in SliderPropertyTests.seeds {
            let session = try SliderPropertyTests.run(seed: seed)
            let s = session.slider
            guard session.config.hysteresis == 0 else { continue }
            checked += 1
            var net = [0, 0]
            for step in session.log.steps {
                #expect(step.count >= 1, "seed \(seed)")
                if session.config.budget == 0 { #expect(step.count >= 1) }
                net[step.thumb] += step.count * step.direction
            }
            let f = s.feedback
            let level = [f.countAtOrBelow(s.value) - f.countAtOrBelow(session.initial.0),
                         f.countAtOrBelow(s.upperValue) - f.countAtOrBelow(session.initial.1)]
            for thumb in 0..<s.model.thumbCount {
                #expect(net[thumb] + session.silentLevelChange[thumb] == level[thumb],
                        "seed \(seed) thumb \(thumb): steps \(net[thumb]), cancels \(session.silentLevelChange[thumb]), levels \(level[thumb])")
            }
        }
        #expect(checked > 500)
    }

    @Test func theBudgetKeepsStepEventsApartUnlessAGestureEnds() throws {
        var merged = 0
        for seed in SliderPropertyTests.seeds.prefix(1000) {
            let session = try SliderPropertyTests.run(seed: seed)
            guard session.config.budget > 0 else { continue }
            var lastTime = [-Double.infinity, -Double.infinity]
            var lastDirection = [0, 0]
            let events = session.log.events
            for (i, e) in events.enumerated() {
                guard case .step(let step) = e else { continue }
                if step.count > 1 { merged += 1 }
                let early = step.time - lastTime[step.thumb] < session.config.budget - 1e-9
                // Early events are allowed only as a flush: a direction change, or the end of a gesture.
                if early && step.direction == lastDirection[step.thumb] {
                    let next = events[(i + 1)...].first {
                        switch $0 { case .valueChanged, .limit: false; default: true }
                    }
                    var flushedByReversal = false
                    if case .step(let following) = next { flushedByReversal = following.thumb == step.thumb && following.direction != step.direction }
                    #expect(next == .editingChanged(false) || next == .cancelled || flushedByReversal,
                            "seed \(seed): step \(step) inside the budget")
                }
                lastTime[step.thumb] = step.time
                lastDirection[step.thumb] = step.direction
            }
        }
        #expect(merged > 50, "fast random drags do get merged")
    }
}
