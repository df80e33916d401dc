extension Slider {
    /// The value thumb `index` is drawn at now: the model value, or the point an animation has reached.
    package func presentationValue(ofThumb index: Int) -> Double {
        let i = model.isRange ? Swift.min(Swift.max(index, 0), 1) : 0
        guard let animation = animations[i] else { return model.value(ofThumb: i) }
        return animation.value(at: clock.now)
    }

    /// True while a thumb or a value popup is animating, or a popup is about to fade in or out: the host
    /// should keep requesting frames. A query: it changes nothing.
    package var isAnimating: Bool {
        let now = clock.now
        return (animations[0].map { !$0.isFinished(at: now) } ?? false) || (animations[1].map { !$0.isFinished(at: now) } ?? false)
            || isFadingValuePopup || (0..<model.thumbCount).contains { wantsValuePopup(ofThumb: $0) != popupFades[$0].isShown }
    }

    /// Before a frame: drops finished animations and starts the popup fades a gesture asked for. Returns
    /// true while anything still animates (another frame is needed).
    @discardableResult
    package func advanceAnimations() -> Bool {
        let now = clock.now
        for i in 0..<2 where animations[i]?.isFinished(at: now) == true {
            animations[i] = nil
            setNeedsDisplay()
        }
        syncValuePopups()
        let running = animations[0] != nil || animations[1] != nil || isFadingValuePopup
        if running { setNeedsDisplay() }
        return running
    }
}
