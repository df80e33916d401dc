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
    /// Motion in this many seconds before a release is undone when it was only a lift-off wobble. Default: 0.03.
    public var releaseSettleInterval: Double = 0.03
    /// The most a finger may travel (points) in the settle interval for that motion to count as a wobble. Default: 3.
    public var releaseJitterTolerance: Double = 3

    public init() {}

    /// The drag threshold for gestures from `source`.
    public func dragThreshold(for source: TrackingSource) -> Double {
        let t = source.isTouch ? touchDragThreshold : pointerDragThreshold
        return t.isFinite ? Swift.max(0, t) : 0
    }
}
