extension SliderError: CustomStringConvertible {
    /// What was refused, in words a person can act on; the setting's name as the Swift API spells it.
    public var description: String {
        switch self {
        case .nonFiniteValue(let parameter):
            return "\(parameter.rawValue) must be a finite number, not NaN or infinite"
        case .invertedBounds(let minimum, let maximum):
            return "the minimum \(minimum) is above the maximum \(maximum)"
        case .invalidStepSize(let step):
            return "step size \(step): it must be above 0"
        case .invalidStepCount(let count):
            return "\(count) discrete values: a slider needs at least 2"
        case .tooManySteps(let step, let span):
            return "step \(step) over a range of \(span) makes more than 2^52 values"
        case .negativeSeparation(let separation):
            return "minimum separation \(separation): it must be 0 or more"
        case .notARangeSlider:
            return "a single-thumb slider has no upper value or separation"
        case .noSuchThumb(let thumb):
            return "no thumb \(thumb): a slider has thumb 0, and a range slider thumb 1"
        case .disabled:
            return "the slider is disabled"
        case .invalidScale(let scale):
            return "style scale \(scale): a finite number above 0"
        case .logarithmicScaleNeedsPositiveBounds(let minimum):
            return "a logarithmic scale needs a minimum above 0, not \(minimum)"
        case .invalidExponent(let exponent):
            return "power scale exponent \(exponent): a finite number above 0"
        case .invalidStep(let parameter, let step):
            return "\(parameter.rawValue) \(step): it must be above 0"
        }
    }
}
