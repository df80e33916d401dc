/// A haptic-style detent: the value crossed one or more step boundaries.
///
/// Crossings that come faster than the rate budget are merged into one event: `count` says how many
/// boundaries it stands for. Counts of all events of a gesture add up to every boundary crossed.
public struct StepEvent: Equatable, Sendable {
    /// The thumb that moved (0, or 1 for the upper thumb of a range slider).
    public var thumb: Int
    /// The value when the event fired.
    public var value: Double
    /// The last boundary crossed.
    public var boundary: Double
    /// Boundaries this event stands for: 1, or more when merged by the rate budget.
    public var count: Int
    /// +1 when crossing toward the maximum, -1 toward the minimum.
    public var direction: Int
    /// Speed of the value in value units per second over the crossings merged here (0 when unknown).
    public var speed: Double
    /// Input time of the event, in seconds.
    public var time: Double
}

/// The thumb reached an end of the track while being moved by the user.
public struct LimitEvent: Equatable, Sendable {
    public enum End: Equatable, Sendable { case minimum, maximum }
    public var thumb: Int
    public var end: End
    /// How fast the value was moving when it hit the end, in value units per second.
    public var impactSpeed: Double
    public var time: Double
}
