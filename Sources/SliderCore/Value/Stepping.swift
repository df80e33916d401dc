/// How the values of a slider are spaced: one model for step sizes and counts of discrete values.
public enum Stepping: Equatable, Sendable {
    /// Any value in the bounds.
    case continuous
    /// Values at `minimumValue + k * size`, plus `maximumValue` itself when the span is not a whole number of steps.
    case size(Double)
    /// `count` evenly spaced values from `minimumValue` to `maximumValue` inclusive (MDCSlider's `numberOfDiscreteValues`).
    case count(Int)
}

/// When a stepped slider's value is put on its grid.
public enum SnapMode: Equatable, Sendable, CaseIterable {
    /// Never: the steps only set keyboard, wheel and feedback increments (Qt's `NoSnap`).
    case never
    /// At every change, including while dragging (Qt's `SnapAlways`).
    case always
    /// When the gesture ends; the thumb eases to the grid over 0.1 s (Qt's `SnapOnRelease`, the iOS spec).
    case onRelease
}
