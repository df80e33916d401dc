/// Where step feedback fires and how often.
public struct StepFeedbackConfiguration: Equatable, Sendable {
    /// Where the detents are.
    public enum Boundaries: Equatable, Sendable {
        /// The slider's own step grid (none on a continuous slider).
        case steps
        /// Every `interval` from the minimum (e.g. every 10 % of a volume slider).
        case every(Double)
        /// Explicit values; unsorted and duplicate input is tidied, non-finite values are refused.
        case detents([Double])
        case none
    }

    public var boundaries: Boundaries = .steps
    /// Schmitt-trigger margin as a fraction of the spacing between boundaries: after a crossing, the value must
    /// leave the boundary by this much before it can fire there again. Default: 0.25.
    public var hysteresis: Double = 0.25
    /// The shortest time between two step events (seconds); faster crossings merge. Default: 1/30 s.
    public var minimumInterval: Double = 1.0 / 30
    /// Whether `LimitEvent`s fire at the ends. Default: true.
    public var firesLimitEvents: Bool = true

    public init(boundaries: Boundaries = .steps) {
        self.boundaries = boundaries
    }
}
