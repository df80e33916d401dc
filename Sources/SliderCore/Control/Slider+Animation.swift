extension Slider {
    /// The value thumb `index` is drawn at now: the model value, or the point an animation has reached.
    public func presentationValue(ofThumb index: Int) -> Double {
        let i = model.isRange ? Swift.min(Swift.max(index, 0), 1) : 0
        guard let animation = animations[i] else { return model.value(ofThumb: i) }
        return animation.value(at: clock.now)
    }

    /// True while a thumb or a value popup is animating: the host should keep requesting frames.
    public var isAnimating: Bool {
        let now = clock.now
        return (animations[0].map { !$0.isFinished(at: now) } ?? false) || (animations[1].map { !$0.isFinished(at: now) } ?? false)
            || isFadingValuePopup
    }

    /// Drops finished animations; returns true while any is still running (another frame is needed).
    @discardableResult
    public func advanceAnimations() -> Bool {
        let now = clock.now
        for i in 0..<2 where animations[i]?.isFinished(at: now) == true {
            animations[i] = nil
            setNeedsDisplay()
        }
        let running = animations[0] != nil || animations[1] != nil || isFadingValuePopup
            || (0..<model.thumbCount).contains { wantsValuePopup(ofThumb: $0) != popupFades[$0].isShown }
        if running { setNeedsDisplay() }
        return running
    }
}
