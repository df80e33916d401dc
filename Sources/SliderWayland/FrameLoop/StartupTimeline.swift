/// When each step of a window's start-up ended, to find where the time to its first frame goes: connecting
/// and binding the globals, creating the role, EGL and the presenter, compiling the shader, the first
/// configure. What follows (drawing the first frame, its fonts and glyphs included, and committing it) is the
/// frame loop's observer's to time.
///
/// Times are `MonotonicTime.seconds()`. The steps run in the order they are listed in `marks`.
@_spi(Internals) public struct StartupTimeline: Sendable, Equatable {
    /// The end of one step.
    public struct Mark: Sendable, Equatable {
        /// What ended, in a few words ("globals bound", "first frame committed").
        public var step: String
        /// When it ended, on CLOCK_MONOTONIC (`MonotonicTime.seconds()`).
        public var time: Double

        package init(step: String, time: Double) { (self.step, self.time) = (step, time) }
    }

    /// When the timeline began (the connection was being opened).
    public let start: Double
    /// The steps' ends, in order.
    public private(set) var marks: [Mark] = []

    package init(start: Double = MonotonicTime.seconds()) {
        self.start = start
    }

    /// Records that `step` ended now.
    package mutating func mark(_ step: String) {
        marks.append(Mark(step: step, time: MonotonicTime.seconds()))
    }

    /// The time `step` ended, nil when it has not (yet).
    public func time(of step: String) -> Double? { marks.first { $0.step == step }?.time }

    /// Each step with how long it took (from the end of the step before it, or from `start`).
    public var durations: [(step: String, seconds: Double)] {
        var previous = start
        return marks.map { mark in
            defer { previous = mark.time }
            return (mark.step, mark.time - previous)
        }
    }
}
