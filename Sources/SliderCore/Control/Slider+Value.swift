extension Slider {
    /// The value of the thumb (the lower thumb of a range slider); set with `setValue(_:animated:)`.
    public var value: Double { model.lowerValue }

    /// The upper thumb's value on a range slider; `value` on a single-thumb slider. Set with
    /// `setValue(_:ofThumb:animated:)`.
    public var upperValue: Double { model.upperValue }

    /// The lower bound (default 0); set with `setBounds(minimum:maximum:)`.
    public var minimumValue: Double { model.minimumValue }

    /// The upper bound (default 1); set with `setBounds(minimum:maximum:)`.
    public var maximumValue: Double { model.maximumValue }

    /// How values are spaced: continuous, a step size or a number of values (default continuous); set with
    /// `setStepping(_:)`.
    public var stepping: Stepping { model.stepping }

    /// When values snap to the grid. Default: `.always`.
    public var snapMode: SnapMode {
        get { model.snapMode }
        set { try? changeModel { (m: inout SliderModel) throws(SliderError) in m.setSnapMode(newValue) } }
    }

    /// The value the fill grows from (e.g. 0 on a -10...10 balance); nil: from the minimum. Set with
    /// `setAnchorValue(_:)`.
    public var anchorValue: Double? { model.anchorValue }

    /// The smallest gap between the two thumbs of a range slider, in value units (default 0); set with
    /// `setMinimumSeparation(_:)`.
    public var minimumSeparation: Double { model.minimumSeparation }

    /// How values spread along the track (`ValueScale`): linear by default, logarithmic, a power, or the
    /// application's own; set with `setValueScale(_:)`.
    public var valueScale: ValueScale { model.valueScale }

    /// Sets how values spread along the track; throws for a logarithmic scale over a minimum of 0 or below,
    /// or a power exponent that is not finite and above 0. The values stay; the thumbs move to their places
    /// on the new scale.
    public func setValueScale(_ scale: ValueScale) throws(SliderError) {
        try changeModel { (m: inout SliderModel) throws(SliderError) in try m.setValueScale(scale) }
        animations = ThumbPair(repeating: nil)
        invalidateLayout()
    }

    /// True for a slider with two thumbs.
    public var isRange: Bool { model.isRange }

    /// Where the value lies on the track, 0 at the minimum and 1 at the maximum (Qt's `position`); for a
    /// range, the lower thumb's.
    public var position: Double { model.position(of: model.lowerValue) }

    /// Sets the value of the (lower) thumb, pinned into the bounds; animates over 0.15 s ease-in-out.
    public func setValue(_ newValue: Double, animated: Bool) throws(SliderError) {
        try setValue(newValue, ofThumb: 0, animated: animated)
    }

    /// Sets the value of thumb `index` (0: lower, 1: upper), pinned into the bounds and, on a range slider,
    /// kept `minimumSeparation` from the other thumb. Reports no events.
    public func setValue(_ newValue: Double, ofThumb index: Int, animated: Bool) throws(SliderError) {
        let shown = presentationValue(ofThumb: index)
        guard try model.setValue(newValue, ofThumb: index) else { return }
        let target = model.value(ofThumb: index)
        if animated && !reducesMotion {
            animations[index] = ValueAnimation(from: shown, to: target, start: clock.now,
                                               duration: ValueAnimation.valueChangeDuration, curve: .easeInOut)
        } else {
            animations[index] = nil
        }
        feedback.sync(thumb: index, value: target)
        setNeedsDisplay()
    }

    /// Sets both bounds at once; throws for non-finite numbers or `minimum > maximum`.
    public func setBounds(minimum: Double, maximum: Double) throws(SliderError) {
        try changeModel { (m: inout SliderModel) throws(SliderError) in try m.setBounds(minimum: minimum, maximum: maximum) }
    }

    /// Sets the spacing of values; throws for a step that is not finite and positive, or a count below 2.
    public func setStepping(_ stepping: Stepping) throws(SliderError) {
        try changeModel { (m: inout SliderModel) throws(SliderError) in try m.setStepping(stepping) }
    }

    /// Sets the anchor the fill grows from; throws for non-finite values.
    public func setAnchorValue(_ anchor: Double?) throws(SliderError) {
        try changeModel { (m: inout SliderModel) throws(SliderError) in try m.setAnchorValue(anchor) }
    }

    /// Sets the gap kept between the thumbs of a range slider; throws for negative or non-finite values, or on
    /// a single-thumb slider.
    public func setMinimumSeparation(_ separation: Double) throws(SliderError) {
        try changeModel { (m: inout SliderModel) throws(SliderError) in try m.setMinimumSeparation(separation) }
    }

    /// Applies a change to a copy of the model and keeps it only when it succeeds: a throw changes nothing.
    func changeModel(_ change: (inout SliderModel) throws(SliderError) -> Void) throws(SliderError) {
        var copy = model
        try change(&copy)
        guard copy != model else { return }
        let boundsChanged = copy.minimumValue != model.minimumValue || copy.maximumValue != model.maximumValue
            || copy.stepping != model.stepping
        model = copy
        if boundsChanged {
            // Animations run in value units: a new range makes them meaningless.
            animations = ThumbPair(repeating: nil)
            invalidateLayout()
        }
        resyncFeedback()
        setNeedsDisplay()
    }
}
