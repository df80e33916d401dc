extension Slider {
    /// The accessibility step: the grid step when the slider is stepped, else 10 % of the range (iOS), so a
    /// screen reader always has at least two positions and never hundreds.
    package var accessibilityStep: Double { model.grid?.step ?? model.span / 10 }

    /// The value as a screen reader reads it, with the decimals the step needs ("0.3", never "0.30000000000000004").
    public var accessibilityValue: String {
        let text = formatter.string(for: model.value(ofThumb: 0), in: model)
        guard model.isRange else { return text }
        return text + " to " + formatter.string(for: model.upperValue, in: model)
    }

    /// The name assistive technologies read: `accessibilityLabel`, else `name`.
    package var accessibilityName: String { accessibilityLabel ?? name }

    /// The value of one thumb as a screen reader reads it ("62 %").
    package func accessibilityValue(ofThumb thumb: Int) -> String {
        formatter.string(for: model.value(ofThumb: thumb == 1 && model.isRange ? 1 : 0), in: model)
    }

    /// Sets a thumb's value as a user would, for an assistive technology (AT-SPI's `Value.CurrentValue`):
    /// through the same editing path as a gesture, so `editingChanged(true)`, `valueChanged` and
    /// `editingChanged(false)` are reported, the value is clamped to the bounds, kept apart from the other
    /// thumb, snapped to the grid, and step feedback fires. Throws, changing nothing, for a non-finite
    /// value, a thumb the slider does not have, or a disabled slider.
    package func accessibilitySetValue(_ value: Double, ofThumb thumb: Int = 0) throws(SliderError) {
        guard value.isFinite else { throw .nonFiniteValue(thumb == 0 ? .value : .upperValue) }
        guard thumb == 0 || (thumb == 1 && model.isRange) else { throw .noSuchThumb(thumb) }
        guard isEnabled else { throw .disabled }
        let time = feedback.latestTime
        beginEditing(time: time)
        userSetValue(value, ofThumb: thumb, time: time)
        if session.isEditing { endEditing(thumb: thumb, time: time, closesSession: session.end()) }
        feedback.flush { emit(.step($0)) }
        syncValuePopups()
    }

    /// Makes `thumb` the one keys and the adjustable actions move (a range slider's thumb an assistive
    /// technology focused).
    package func focusThumb(_ thumb: Int) throws(SliderError) {
        guard thumb == 0 || (thumb == 1 && model.isRange) else { throw .noSuchThumb(thumb) }
        if focusedThumb != thumb {
            focusedThumb = thumb
            setNeedsDisplay()
        }
    }

    /// The adjustable action "increment": one accessibility step up for the focused thumb; reports `valueChanged`.
    public func accessibilityIncrement() { accessibilityAdjust(by: 1) }

    /// The adjustable action "decrement": one accessibility step down for the focused thumb.
    public func accessibilityDecrement() { accessibilityAdjust(by: -1) }

    private func accessibilityAdjust(by direction: Int) {
        guard isEnabled else { return }
        let thumb = model.isRange ? focusedThumb : 0
        let current = model.value(ofThumb: thumb)
        let target = model.grid.map { Self.value(current, movedBy: direction, on: $0) } ?? current + Double(direction) * accessibilityStep
        // An assistive technology's action has no input time: it happens at the newest one the slider saw,
        // so step events stay in time order; it is a whole gesture, so its steps fire now, not when the
        // rate budget next allows.
        adjust(to: target, ofThumb: thumb, time: feedback.latestTime)
        feedback.flush { emit(.step($0)) }
    }
}
