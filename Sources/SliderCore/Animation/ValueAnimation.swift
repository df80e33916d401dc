/// A thumb moving from one value to another over time along a timing curve.
public struct ValueAnimation: Equatable, Sendable {
    public var from: Double
    public var to: Double
    public var start: Double
    public var duration: Double
    public var curve: TimingCurve

    public init(from: Double, to: Double, start: Double, duration: Double, curve: TimingCurve) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.curve = curve
    }

    /// UISlider's `setValue(_:animated:)`: 0.15 s ease-in-out.
    public static let valueChangeDuration = 0.15
    /// The snap to a step at the end of a gesture: 0.1 s ease-out.
    public static let snapDuration = 0.1

    /// The value shown at time `now`.
    public func value(at now: Double) -> Double {
        guard duration > 0 else { return to }
        let p = curve.progress(at: (now - start) / duration)
        return from + (to - from) * p
    }

    /// True once `now` is at or past the end.
    public func isFinished(at now: Double) -> Bool { now >= start + duration }
}
