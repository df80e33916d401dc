extension SliderDescription {
    /// What is wrong with a description, and which property (`property.rawValue` is its key in a panel file;
    /// nil: the description as a whole).
    public struct Error: Swift.Error, Equatable, Sendable, CustomStringConvertible {
        public var property: CodingKeys?
        public var message: String
        public var description: String { message }

        public init(_ property: CodingKeys?, _ message: String) {
            self.property = property
            self.message = message
        }
    }

    /// The bounds the description gives, or 0...1.
    var bounds: (minimum: Double, maximum: Double) {
        guard let range, range.count == 2 else { return (0, 1) }
        // A fader from -∞ starts at its floor.
        if valueScale == .decibel && range[0] == -.infinity && range[1].isFinite { return (ValueScale.decibelFloor(below: range[1]), range[1]) }
        return (range[0], range[1])
    }

    /// Checks the description against the rules, the slider's own: what `Slider.apply(_:)` would refuse. The
    /// first problem is thrown, naming its property.
    public func validate() throws(Error) {
        guard !id.isEmpty else { throw Error(.id, "id must not be empty") }
        if let range {
            let minusInfinity = valueScale == .decibel && range.count == 2 && range[0] == -.infinity
            guard range.count == 2, range[1].isFinite, range[0].isFinite || minusInfinity, range[0] < range[1] else {
                throw Error(.range, "range must be [minimum, maximum] with minimum < maximum")
            }
        }
        if let thumbs, thumbs != 1 && thumbs != 2 { throw Error(.thumbs, "thumbs must be 1 or 2") }
        if let step { guard step.isFinite, step > 0 else { throw Error(.step, "step must be more than 0") } }
        if let discreteValues, !(2...10_000).contains(discreteValues) {
            throw Error(.discreteValues, "discrete-values must be a whole number from 2 to 10000")
        }
        if step != nil && discreteValues != nil { throw Error(.discreteValues, "a slider takes step or discrete-values, not both") }
        if let decimals, !(0...6).contains(decimals) { throw Error(.decimals, "decimals must be a whole number from 0 to 6") }
        if let endSymbols, endSymbols.count != 2 { throw Error(.endSymbols, "end-symbols must be [minimum-end, maximum-end]") }
        if let endImages, endImages.count != 2 { throw Error(.endImages, "end-images must be [minimum-end.png, maximum-end.png]") }
        if endSymbols != nil && endImages != nil { throw Error(.endImages, "a slider takes end-symbols or end-images, not both") }
        let (minimum, maximum) = bounds
        // On a fader from -∞, -∞ (a value, a mark) is its floor.
        let floorOf = { (x: Double) in x == -.infinity && range?.first == -.infinity ? minimum : x }
        if let values = value?.values.map(floorOf) {
            let thumbs = thumbs ?? 1
            guard values.count == thumbs else {
                throw Error(.value, thumbs == 2 ? "a slider with two thumbs takes value: [lower, upper]" : "value must be one number")
            }
            guard values.allSatisfy({ (minimum...maximum).contains($0) }) else { throw Error(.value, "value must be within the range \(minimum)...\(maximum)") }
            guard values.count < 2 || values[0] <= values[1] else { throw Error(.value, "the lower value must not be above the upper") }
        }
        if let marks {
            guard marks.count <= 64 else { throw Error(.marks, "marks: at most 64") }
            guard marks.map(floorOf).allSatisfy({ (minimum...maximum).contains($0) }) else { throw Error(.marks, "marks must be within the range \(minimum)...\(maximum)") }
        }
        if let anchor, !(minimum...maximum).contains(anchor) { throw Error(.anchor, "anchor must be within the range \(minimum)...\(maximum)") }
        if let changeInterval, !(changeInterval.isFinite && changeInterval >= 0) {
            throw Error(.changeInterval, "change-interval must be a number of seconds, 0 or more")
        }
        switch (valueScale, exponent) {
        case (.power, nil): throw Error(.valueScale, "value-scale: power needs an exponent, such as exponent: 3")
        case (.power, _), (_, nil): break
        case (_, .some): throw Error(.exponent, "exponent is for value-scale: power")
        }
        // What the slider's setters refuse (a scale that cannot map the bounds, steps not above 0, a grid too
        // fine), as they refuse it.
        do {
            try Slider(isRange: (thumbs ?? 1) == 2, name: id, clock: ManualClock()).applyChecked(self)
        } catch {
            throw Error(Self.property(of: error), "\(error)")
        }
    }

    /// The property a slider's refusal is about.
    static func property(of error: SliderError) -> CodingKeys? {
        switch error {
        case .logarithmicScaleNeedsPositiveBounds: .valueScale
        case .invalidExponent: .exponent
        case .invalidStep(.keyboardStep, _), .nonFiniteValue(.keyboardStep): .keyStep
        case .invalidStep(.pageStep, _), .nonFiniteValue(.pageStep): .pageStep
        case .invalidStepSize, .tooManySteps, .nonFiniteValue(.stepSize): .step
        case .invalidStepCount: .discreteValues
        case .nonFiniteValue(.anchorValue): .anchor
        case .notARangeSlider, .negativeSeparation, .nonFiniteValue(.minimumSeparation): .minimumSeparation
        case .nonFiniteValue(.minimumValue), .nonFiniteValue(.maximumValue), .invertedBounds: .range
        case .nonFiniteValue(.value), .nonFiniteValue(.lowerValue), .nonFiniteValue(.upperValue): .value
        default: nil
        }
    }
}

extension Slider {
    /// A slider as `description` says, its other settings the defaults; throws what `validate()` throws.
    public convenience init(_ description: SliderDescription, clock: AnimationClock = SystemClock()) throws(SliderDescription.Error) {
        self.init(isRange: (description.thumbs ?? 1) == 2, name: description.id, clock: clock)
        try apply(description)
    }

    /// Gives the slider what `description` says (its end images excepted: they are files, registered by
    /// whoever shows the slider). Checks it first (`validate()`): a description with a problem changes
    /// nothing. The number of thumbs is the slider's own: a description of another number is refused.
    public func apply(_ description: SliderDescription) throws(SliderDescription.Error) {
        try description.validate()
        guard (description.thumbs ?? 1) == model.thumbCount else {
            throw SliderDescription.Error(.thumbs, "thumbs: a slider of \(model.thumbCount) thumb\(model.thumbCount == 1 ? "" : "s") cannot take \(description.thumbs ?? 1)")
        }
        do { try applyChecked(description) } catch { throw SliderDescription.Error(SliderDescription.property(of: error), "\(error)") }
    }

    /// `apply` without the description's own checks, through the slider's setters.
    func applyChecked(_ description: SliderDescription) throws(SliderError) {
        accessibilityLabel = description.label ?? description.id
        accessibilityHint = description.hint
        orientation = description.orientation ?? .horizontal
        layoutDirection = description.layoutDirection ?? .leftToRight
        isInverted = description.inverted ?? false
        isEnabled = description.enabled ?? true
        isContinuous = description.continuous ?? true
        valueChangeInterval = description.changeInterval ?? 0
        var style = self.style
        style.valuePopup.isEnabled = description.popup.map { $0 != .hidden } ?? style.valuePopup.isEnabled
        style.valuePopup.isAlwaysShown = description.popup == .always
        if let ticks = description.ticks { style.tickVisibility = ticks }
        if let colors = description.colors { style = style.applying(colors) }
        self.style = style
        backgroundColor = description.colors?.background
        let (minimum, maximum) = description.bounds
        try setValueScale(.linear)
        try setBounds(minimum: minimum, maximum: maximum)
        try setStepping(description.step.map { .size($0) } ?? description.discreteValues.map { .count($0) } ?? .continuous)
        snapMode = description.snap ?? .always
        try setAnchorValue(description.anchor)
        if model.isRange || description.minimumSeparation != nil { try setMinimumSeparation(description.minimumSeparation ?? 0) }
        switch description.valueScale ?? .linear {
        case .linear: break
        case .logarithmic: try setValueScale(.logarithmic)
        case .power: try setValueScale(.power(description.exponent ?? 1))
        case .decibel: try setValueScale(.decibel)
        }
        try setKeyboardStep(description.keyStep)
        try setPageStep(description.pageStep)
        formatter.custom = nil
        formatter.decimals = description.decimals ?? (description.unit != nil ? 0 : nil)
        formatter.unit = description.unit
        formatter.minusInfinity = description.range?.first == -.infinity ? minimum : nil
        marks = (description.marks ?? []).map { $0 == -.infinity ? minimum : $0 }.sorted()
        minimumValueImage = description.endSymbols.map { .symbol($0[0]) }
        maximumValueImage = description.endSymbols.map { .symbol($0[1]) }
        let values = (description.value?.values ?? (model.isRange ? [minimum, maximum] : [minimum])).map { $0 == -.infinity ? minimum : $0 }
        for (thumb, value) in values.enumerated().reversed() { try setValue(value, ofThumb: thumb, animated: false) }
    }
}
