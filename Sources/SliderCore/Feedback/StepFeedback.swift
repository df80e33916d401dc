/// Turns value changes during interaction into step and limit events, with hysteresis and a rate budget per thumb.
///
/// Boundaries are the interior grid values (the ends give limit events instead). The state is a level: how
/// many boundaries the value is latched above. Moving up latches each boundary the value reaches; moving down
/// releases a boundary only once the value is below it by the hysteresis margin, so a finger resting on a
/// boundary cannot make it flicker. Fixed storage, no allocation per update.
struct StepFeedback: Sendable {
    private enum Source: Sendable {
        case none
        case grid(DecimalGrid)
        case list([Double])
    }

    private var source: Source = .none
    private var margin = 0.0
    private var minimumInterval = 1.0 / 30
    private var firesLimits = true
    private var bounds = (lower: 0.0, upper: 1.0)

    private var level = ThumbPair(0, 0)
    private var atLimit = ThumbPair(0, 0)
    private var lastValue = ThumbPair(0.0, 0.0)
    private var lastTime = ThumbPair(0.0, 0.0)

    /// Crossings waiting for the rate budget, per thumb (each thumb has its own budget).
    private struct Pending: Sendable {
        var count = 0
        var direction = 0
        var boundary = 0.0
        var value = 0.0
        var since = 0.0
        var startValue = 0.0
        var lastEmitTime = -Double.infinity
    }
    private var pending = ThumbPair(repeating: Pending())

    /// Rebuilds the boundaries for `model`; call when bounds, steps or configuration change.
    mutating func configure(_ configuration: StepFeedbackConfiguration, model: SliderModel) throws(SliderError) {
        let lower = model.minimumValue, upper = model.maximumValue
        var spacing = 0.0
        switch configuration.boundaries {
        case .none:
            source = .none
        case .steps:
            if let grid = model.grid { source = .grid(grid); spacing = grid.step } else { source = .none }
        case .every(let interval):
            guard interval.isFinite else { throw .nonFiniteValue(.detent) }
            guard interval > 0 else { throw .invalidStepSize(interval) }
            source = .grid(DecimalGrid(lower: lower, upper: upper, step: interval))
            spacing = interval
        case .detents(let values):
            guard values.allSatisfy(\.isFinite) else { throw .nonFiniteValue(.detent) }
            let interior = Array(Set(values.filter { $0 > lower && $0 < upper })).sorted()
            source = .list(interior)
            var smallest = upper - lower
            if interior.count > 1 { for k in 1..<interior.count { smallest = Swift.min(smallest, interior[k] - interior[k - 1]) } }
            spacing = smallest
        }
        let h = configuration.hysteresis.isFinite ? Swift.min(Swift.max(configuration.hysteresis, 0), 0.49) : 0.25
        margin = h * spacing
        minimumInterval = configuration.minimumInterval.isFinite ? Swift.max(0, configuration.minimumInterval) : 0
        firesLimits = configuration.firesLimitEvents
        bounds = (lower, upper)
    }

    /// The number of interior boundaries.
    var boundaryCount: Int {
        switch source {
        case .none: 0
        case .grid(let g): Swift.max(0, g.lastIndex - (g.hasUpperOffGrid ? 0 : 1))
        case .list(let l): l.count
        }
    }

    /// Interior boundary `k` (0-based).
    func boundary(_ k: Int) -> Double {
        switch source {
        case .none: 0
        case .grid(let g): g.value(at: k + 1)
        case .list(let l): l[k]
        }
    }

    /// The newest input time fed in (seconds): the time of a change that comes without one.
    var latestTime: Double { Swift.max(lastTime[0], lastTime[1]) }

    /// How many boundaries are at or below `value`.
    func countAtOrBelow(_ value: Double) -> Int {
        let n = boundaryCount
        var low = 0, high = n
        while low < high {
            let mid = (low + high) / 2
            if boundary(mid) <= value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Latches the state to `value` without firing (a gesture starts, or the value was set by code or put
    /// back by a cancel). `time` is the input time when there is one; without, the last time is kept, so
    /// the next change's step events and speed do not count from time zero.
    mutating func sync(thumb: Int, value: Double, time: Double? = nil) {
        level[thumb] = countAtOrBelow(value)
        atLimit[thumb] = value <= bounds.lower ? -1 : (value >= bounds.upper ? 1 : 0)
        lastValue[thumb] = value
        if let time { lastTime[thumb] = time }
    }

    /// Feeds a user-driven value change; calls `emitStep` and `emitLimit` for what it fires.
    mutating func update(thumb: Int, value: Double, time: Double,
                         emitStep: (StepEvent) -> Void, emitLimit: (LimitEvent) -> Void) {
        let dt = time - lastTime[thumb]
        let speed = dt > 0 ? abs(value - lastValue[thumb]) / dt : 0
        let up = countAtOrBelow(value)
        let down = countAtOrBelow(value + margin)
        var crossed = 0, direction = 0
        if up > level[thumb] {
            crossed = up - level[thumb]; direction = 1; level[thumb] = up
        } else if down < level[thumb] {
            crossed = level[thumb] - down; direction = -1; level[thumb] = down
        }
        if crossed > 0 {
            let last = direction > 0 ? boundary(level[thumb] - 1) : boundary(level[thumb])
            if pending[thumb].count > 0 && pending[thumb].direction != direction { flush(thumb: thumb, emitStep, at: lastTime[thumb]) }
            if pending[thumb].count == 0 { pending[thumb].since = lastTime[thumb]; pending[thumb].startValue = lastValue[thumb] }
            pending[thumb].count += crossed
            pending[thumb].direction = direction
            pending[thumb].boundary = last
            pending[thumb].value = value
            // Without a budget every crossing fires at once, even when a stamp comes out of order.
            if minimumInterval == 0 || time - pending[thumb].lastEmitTime >= minimumInterval { flush(thumb: thumb, emitStep, at: time) }
        }
        if firesLimits {
            let end = value <= bounds.lower ? -1 : (value >= bounds.upper ? 1 : 0)
            let span = bounds.upper - bounds.lower
            let rearm = Swift.max(margin, span * 0.01)
            if end != 0 && atLimit[thumb] != end && bounds.upper > bounds.lower {
                atLimit[thumb] = end
                emitLimit(LimitEvent(thumb: thumb, end: end < 0 ? .minimum : .maximum, impactSpeed: speed, time: time))
            } else if end == 0 && atLimit[thumb] != 0 {
                // Re-arm only once the value has left the end by a margin.
                let distance = atLimit[thumb] < 0 ? value - bounds.lower : bounds.upper - value
                if distance > rearm { atLimit[thumb] = 0 }
            }
        }
        lastValue[thumb] = value
        lastTime[thumb] = time
    }

    /// Emits the crossings of `thumb` that are waiting for the budget.
    private mutating func flush(thumb: Int, _ emitStep: (StepEvent) -> Void, at time: Double) {
        let p = pending[thumb]
        guard p.count > 0 else { return }
        let dt = time - p.since
        let speed = dt > 0 ? abs(p.value - p.startValue) / dt : 0
        emitStep(StepEvent(thumb: thumb, value: p.value, boundary: p.boundary, count: p.count,
                           direction: p.direction, speed: speed, time: time))
        pending[thumb].lastEmitTime = time
        pending[thumb].count = 0
    }

    /// Emits every waiting crossing now (the end of a gesture).
    mutating func flush(_ emitStep: (StepEvent) -> Void) {
        for thumb in 0..<2 { flush(thumb: thumb, emitStep, at: lastTime[thumb]) }
    }

    /// Emits waiting crossings once the budget allows (a frame tick with no input).
    /// When the earliest merged step waiting for the rate budget may be emitted (input time), nil when none waits.
    var nextDueTime: Double? {
        var due: Double?
        for thumb in 0..<2 where pending[thumb].count > 0 {
            let t = pending[thumb].lastEmitTime + minimumInterval
            due = Swift.min(due ?? t, t)
        }
        return due
    }

    mutating func flushIfDue(at time: Double, _ emitStep: (StepEvent) -> Void) {
        for thumb in 0..<2 where pending[thumb].count > 0 && time - pending[thumb].lastEmitTime >= minimumInterval {
            flush(thumb: thumb, emitStep, at: time)
        }
    }
}
