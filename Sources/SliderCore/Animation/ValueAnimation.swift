/// A thumb moving from one value to another over time along a timing curve.
package struct ValueAnimation: Equatable, Sendable {
    package var from: Double
    package var to: Double
    package var start: Double
    package var duration: Double
    package var curve: TimingCurve

    package init(from: Double, to: Double, start: Double, duration: Double, curve: TimingCurve) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.curve = curve
    }

    /// UISlider's `setValue(_:animated:)`: 0.15 s ease-in-out.
    package static let valueChangeDuration = 0.15
    /// The snap to a step at the end of a gesture: 0.1 s ease-out.
    package static let snapDuration = 0.1

    /// The value shown at time `now`.
    package func value(at now: Double) -> Double {
        guard duration > 0 else { return to }
        let p = curve.progress(at: (now - start) / duration)
        return from + (to - from) * p
    }

    /// True once `now` is at or past the end.
    package func isFinished(at now: Double) -> Bool { now >= start + duration }
}
