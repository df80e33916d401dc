/// How presses and drags become value changes.
public struct TrackingConfiguration: Equatable, Sendable {
    /// What presses and drags do. Default: `.tapAndSlide`.
    public var policy: InteractionPolicy = .tapAndSlide
    /// Distance in points a touch must travel before it drags (Android's touch slop, Qt's
    /// `touchDragThreshold`). Below it, a release is a tap. Default: 8.
    public var touchDragThreshold: Double = 8
    /// The same for a mouse or touchpad pointer. Default: 0 (a press acts at once).
    public var pointerDragThreshold: Double = 0
    /// When a touch's first decisive motion runs more across the track than along it, the slider lets it go
    /// without any event, so a scrolling container can have it. Default: true.
    public var yieldsCrossAxisTouchDrags: Bool = true
    /// Slower dragging away from the track. Off by default.
    public var fineScrubbing = FineScrubbing()
    /// A finger's motion in this many seconds before it lifts is undone when the finger had held still
    /// before it and moved no farther than the thumb's radius: the jump of a contact rolling off a
    /// capacitive screen. Touch only; 0 turns it off. Default: 0.05.
    public var releaseJumpInterval: Double = 0.05
    /// How long a finger must have held still before such a jump for it to be undone. Default: 0.08.
    public var releaseHoldDuration: Double = 0.08
    /// Below this speed (points per second) a finger counts as holding still. Default: 30.
    public var releaseHoldSpeed: Double = 30

    public init() {}

    /// The drag threshold for gestures from `source`.
    package func dragThreshold(for source: TrackingSource) -> Double {
        let t = source.isTouch ? touchDragThreshold : pointerDragThreshold
        return t.isFinite ? Swift.max(0, t) : 0
    }
}
