extension Slider {
    /// The accessibility step: the grid step when the slider is stepped, else 10 % of the range (iOS), so a
    /// screen reader always has at least two positions and never hundreds.
    public var accessibilityStep: Double { model.grid?.step ?? model.span / 10 }

    /// The value as a screen reader reads it, with the decimals the step needs ("0.3", never "0.30000000000000004").
    public var accessibilityValue: String {
        let text = formatter.string(for: model.value(ofThumb: 0), in: model)
        guard model.isRange else { return text }
        return text + " to " + formatter.string(for: model.upperValue, in: model)
    }

    /// The adjustable action "increment": one accessibility step up for the focused thumb; reports `valueChanged`.
    public func accessibilityIncrement() { accessibilityAdjust(by: 1) }

    /// The adjustable action "decrement": one accessibility step down for the focused thumb.
    public func accessibilityDecrement() { accessibilityAdjust(by: -1) }

    private func accessibilityAdjust(by direction: Int) {
        guard isEnabled else { return }
        let thumb = model.isRange ? focusedThumb : 0
        let current = model.value(ofThumb: thumb)
        let target = model.grid != nil ? value(current, movedBy: direction) : current + Double(direction) * accessibilityStep
        // An assistive technology's action has no input time: it happens at the newest one the slider saw,
        // so step events stay in time order; it is a whole gesture, so its steps fire now, not when the
        // rate budget next allows.
        adjust(to: target, ofThumb: thumb, time: feedback.latestTime)
        feedback.flush { emit(.step($0)) }
    }
}
