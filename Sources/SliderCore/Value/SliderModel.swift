/// The values of a slider: bounds, steps, one or two thumbs, anchor. Pure value semantics, no side effects.
///
/// Rules (UISlider's, extended):
/// - a value outside the bounds is pinned to the nearest bound;
/// - moving a bound past a value moves the value with it;
/// - moving `minimumValue` above `maximumValue` raises `maximumValue` to it, and moving `maximumValue` below
///   `minimumValue` lowers `minimumValue` to it; `setBounds(minimum:maximum:)` with `minimum > maximum`
///   throws `SliderError.invertedBounds`. A stored range is never inverted: to show the minimum at the other
///   end use `Slider.isInverted` (or a right-to-left layout);
/// - NaN and infinities are refused with `SliderError.nonFiniteValue` and nothing changes;
/// - with `snapMode == .always` on a stepped slider every stored value is on the grid.
package struct SliderModel: Equatable, Sendable {
    package private(set) var minimumValue: Double = 0
    package private(set) var maximumValue: Double = 1
    package private(set) var stepping: Stepping = .continuous
    package private(set) var snapMode: SnapMode = .always
    /// The grid of a stepped slider; nil when continuous.
    package private(set) var grid: DecimalGrid?
    /// The value of the single thumb, or of the lower thumb of a range slider.
    package private(set) var lowerValue: Double = 0
    /// The value of the upper thumb of a range slider; equal to `lowerValue` on a single-thumb slider.
    package private(set) var upperValue: Double = 0
    /// True for a slider with two thumbs.
    package let isRange: Bool
    /// The smallest distance kept between the two thumbs of a range slider, in value units (clamped to the span).
    package private(set) var minimumSeparation: Double = 0
    /// The value the fill grows from, pinned into the bounds when read through `effectiveAnchor`; nil: the minimum.
    package private(set) var anchorValue: Double?
    /// How values spread along the track.
    package private(set) var valueScale = ValueScale.linear

    /// A single-thumb model (0...1, value 0) or a range model (0...1, values 0 and 1).
    package init(isRange: Bool = false) {
        self.isRange = isRange
        if isRange { upperValue = 1 }
    }

    /// The number of thumbs: 1 or 2.
    package var thumbCount: Int { isRange ? 2 : 1 }

    /// The value of thumb `index` (0: lower, 1: upper).
    package func value(ofThumb index: Int) -> Double { index == 0 ? lowerValue : upperValue }

    /// `maximumValue - minimumValue`.
    package var span: Double { maximumValue - minimumValue }

    /// The anchor pinned into the bounds, or the minimum when none is set.
    package var effectiveAnchor: Double {
        guard let anchorValue else { return minimumValue }
        return Swift.min(Swift.max(anchorValue, minimumValue), maximumValue)
    }

    /// The normalized position 0...1 of `value` between the bounds, in the value scale's space; 0 when the
    /// span is zero. The bounds are at 0 and 1 exactly.
    package func position(of value: Double) -> Double {
        guard span > 0 else { return 0 }
        if value <= minimumValue { return 0 }
        if value >= maximumValue { return 1 }
        return Swift.min(Swift.max(valueScale.position(of: value, minimum: minimumValue, maximum: maximumValue), 0), 1)
    }

    /// The value at normalized position `position` (clamped to 0...1), not snapped, kept within the bounds.
    /// Positions within 1e-12 of an end give that bound exactly.
    package func value(atPosition position: Double) -> Double {
        let p = Swift.min(Swift.max(position, 0), 1)
        if p <= 1e-12 { return minimumValue }
        if p >= 1 - 1e-12 { return maximumValue }
        return Swift.min(Swift.max(valueScale.value(atPosition: p, minimum: minimumValue, maximum: maximumValue), minimumValue), maximumValue)
    }

    // MARK: Setters

    /// Sets both bounds at once. Throws for non-finite numbers or `minimum > maximum`; values follow the bounds.
    package mutating func setBounds(minimum: Double, maximum: Double) throws(SliderError) {
        guard minimum.isFinite else { throw .nonFiniteValue(.minimumValue) }
        guard maximum.isFinite else { throw .nonFiniteValue(.maximumValue) }
        guard minimum <= maximum else { throw .invertedBounds(minimum: minimum, maximum: maximum) }
        try valueScale.check(minimum: minimum, maximum: maximum)
        try SliderModel.checkGridSize(stepping, span: maximum - minimum)
        minimumValue = minimum
        maximumValue = maximum
        rebuildGridAndValues()
    }

    /// Sets the minimum; a minimum above the maximum raises the maximum to it.
    package mutating func setMinimumValue(_ minimum: Double) throws(SliderError) {
        guard minimum.isFinite else { throw .nonFiniteValue(.minimumValue) }
        try setBounds(minimum: minimum, maximum: Swift.max(minimum, maximumValue))
    }

    /// Sets the maximum; a maximum below the minimum lowers the minimum to it.
    package mutating func setMaximumValue(_ maximum: Double) throws(SliderError) {
        guard maximum.isFinite else { throw .nonFiniteValue(.maximumValue) }
        try setBounds(minimum: Swift.min(minimumValue, maximum), maximum: maximum)
    }

    /// Sets the spacing of values. Throws for a step that is not finite and positive, or a count below 2.
    package mutating func setStepping(_ newStepping: Stepping) throws(SliderError) {
        switch newStepping {
        case .continuous: break
        case .size(let size):
            guard size.isFinite else { throw .nonFiniteValue(.stepSize) }
            guard size > 0 else { throw .invalidStepSize(size) }
        case .count(let count):
            guard count >= 2 else { throw .invalidStepCount(count) }
        }
        try SliderModel.checkGridSize(newStepping, span: span)
        stepping = newStepping
        rebuildGridAndValues()
    }

    /// Sets how values spread along the track; throws when the scale cannot map the bounds (a logarithmic
    /// scale over a minimum of 0 or below, a power that is not finite and above 0). Values are unchanged.
    package mutating func setValueScale(_ scale: ValueScale) throws(SliderError) {
        try scale.check(minimum: minimumValue, maximum: maximumValue)
        valueScale = scale
    }

    /// Sets when values are put on the grid; switching to `.always` snaps the current values.
    package mutating func setSnapMode(_ mode: SnapMode) {
        snapMode = mode
        rebuildGridAndValues()
    }

    /// Sets the anchor the fill grows from; nil restores the minimum. Throws for NaN or infinity.
    package mutating func setAnchorValue(_ anchor: Double?) throws(SliderError) {
        if let anchor, !anchor.isFinite { throw .nonFiniteValue(.anchorValue) }
        anchorValue = anchor
    }

    /// Sets the smallest gap between the thumbs of a range slider. Negative or non-finite input throws.
    package mutating func setMinimumSeparation(_ separation: Double) throws(SliderError) {
        guard isRange else { throw .notARangeSlider }
        guard separation.isFinite else { throw .nonFiniteValue(.minimumSeparation) }
        guard separation >= 0 else { throw .negativeSeparation(separation) }
        minimumSeparation = separation
        rebuildGridAndValues()
    }

    /// Sets the value of thumb `index`, pinned to the bounds (and, on a range slider, to the other thumb
    /// less the separation), and snapped when `snapped` is true and the slider is stepped.
    /// Returns true when the stored value changed.
    @discardableResult
    package mutating func setValue(_ newValue: Double, ofThumb index: Int = 0, snapped: Bool? = nil) throws(SliderError) -> Bool {
        guard newValue.isFinite else { throw .nonFiniteValue(index == 0 ? (isRange ? .lowerValue : .value) : .upperValue) }
        guard index == 0 || isRange else { throw .notARangeSlider }
        let snap = snapped ?? (snapMode == .always)
        let old = value(ofThumb: index)
        let v = constrained(newValue, ofThumb: index, snapped: snap)
        if index == 0 {
            lowerValue = v
            if !isRange { upperValue = v }
        } else {
            upperValue = v
        }
        return v != old
    }

    /// `value` as thumb `index` may hold it now: pinned, separated from the other thumb, optionally snapped.
    package func constrained(_ value: Double, ofThumb index: Int, snapped snap: Bool) -> Double {
        var low = minimumValue, high = maximumValue
        if isRange {
            let gap = effectiveSeparation
            if index == 0 { high = Swift.max(minimumValue, upperValue - gap) } else { low = Swift.min(maximumValue, lowerValue + gap) }
        }
        var v = Swift.min(Swift.max(value, low), high)
        if snap, let grid {
            v = grid.snapped(v)
            // A snapped value may fall inside the separation: step back onto the grid on the allowed side.
            if v > high { v = grid.snapped(high, rounding: .down) }
            if v < low { v = grid.snapped(low, rounding: .up) }
            v = Swift.min(Swift.max(v, low), high)
        }
        return v
    }

    /// The separation actually kept: the requested one, clamped to the span.
    package var effectiveSeparation: Double { Swift.min(minimumSeparation, span) }

    /// The values of thumb `index` snapped to the grid (used when a gesture ends with `.onRelease`).
    package func snappedValue(ofThumb index: Int) -> Double {
        constrained(value(ofThumb: index), ofThumb: index, snapped: true)
    }

    /// Refuses grids of more than 2^52 values, whose indices would no longer be exact.
    private static func checkGridSize(_ stepping: Stepping, span: Double) throws(SliderError) {
        let count: Double
        switch stepping {
        case .continuous: return
        case .size(let size): count = span / size
        case .count(let n): count = Double(n)
        }
        guard count <= DecimalGrid.largestIndex else {
            let step: Double
            if case .size(let size) = stepping { step = size } else { step = span / count }
            throw .tooManySteps(step: step, span: span)
        }
    }

    private mutating func rebuildGridAndValues() {
        switch stepping {
        case .continuous: grid = nil
        case .size(let size): grid = DecimalGrid(lower: minimumValue, upper: maximumValue, step: size)
        case .count(let count): grid = DecimalGrid(lower: minimumValue, upper: maximumValue, count: count)
        }
        let snap = snapMode == .always
        let lower = Swift.min(Swift.max(lowerValue, minimumValue), maximumValue)
        let upper = Swift.min(Swift.max(upperValue, minimumValue), maximumValue)
        if isRange {
            let gap = effectiveSeparation
            var low = lower, high = upper
            if snap, let grid { low = grid.snapped(low); high = grid.snapped(high) }
            if high - low < gap {
                // Keep the lower thumb where it can be and push the upper one up; at the top, push the lower down.
                high = Swift.min(maximumValue, low + gap)
                if snap, let grid { high = Swift.min(maximumValue, grid.snapped(high, rounding: .up)) }
                low = Swift.max(minimumValue, Swift.min(low, high - gap))
                if snap, let grid { low = grid.snapped(low, rounding: .down) }
                low = Swift.min(low, high)
            }
            lowerValue = low
            upperValue = high
        } else {
            lowerValue = constrained(lower, ofThumb: 0, snapped: snap)
            upperValue = lowerValue
        }
    }
}
