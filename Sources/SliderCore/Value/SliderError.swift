/// Why a slider refused a setting. The slider is left exactly as it was before the call.
public enum SliderError: Error, Equatable, Sendable {
    /// The named setting was NaN or infinite.
    case nonFiniteValue(SliderParameter)
    /// `setBounds(minimum:maximum:)` was given a minimum above the maximum.
    case invertedBounds(minimum: Double, maximum: Double)
    /// A step size that is zero or negative.
    case invalidStepSize(Double)
    /// A number of discrete values below 2.
    case invalidStepCount(Int)
    /// A step so small for the bounds that the grid would hold more than 2^52 values (indices would stop being exact).
    case tooManySteps(step: Double, span: Double)
    /// A negative minimum separation between the two thumbs of a range slider.
    case negativeSeparation(Double)
    /// A range-only setting (the upper value, the separation) on a single-thumb slider.
    case notARangeSlider
    /// A thumb index other than 0, or 1 on a range slider.
    case noSuchThumb(Int)
    /// A change a user makes (an assistive technology setting the value) on a disabled slider.
    case disabled
    /// A style scale factor that is not a finite number above 0 (`SliderStyle.scaled(by:)`).
    case invalidScale(Double)
    /// A logarithmic `ValueScale` with a minimum of 0 or below (set, or bounds set under such a scale).
    case logarithmicScaleNeedsPositiveBounds(minimum: Double)
    /// A `ValueScale.power` exponent that is not a finite number above 0.
    case invalidExponent(Double)
    /// A keyboard or page step (`setKeyboardStep(_:)`, `setPageStep(_:)`) that is not above 0.
    case invalidStep(SliderParameter, Double)
}

/// The setting a `SliderError` is about.
public enum SliderParameter: String, Equatable, Sendable {
    case value, lowerValue, upperValue, minimumValue, maximumValue, stepSize, anchorValue, minimumSeparation, detent, keyboardStep, pageStep
}
