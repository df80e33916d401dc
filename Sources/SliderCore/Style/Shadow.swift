/// A soft shadow under a shape, as design tools specify it (offset and blur in points).
public struct Shadow: Equatable, Sendable {
    /// Offset of the shadow from the shape; positive y is downward.
    public var offset: Point
    /// Blur radius in points; the Gaussian's standard deviation is half of it (the CSS convention).
    public var blur: Double
    public var color: Color

    public init(offset: Point, blur: Double, color: Color) {
        self.offset = offset
        self.blur = blur
        self.color = color
    }

    /// How far past the shape the shadow reaches visibly: offset plus three standard deviations.
    package var reach: Double { Swift.max(abs(offset.x), abs(offset.y)) + 1.5 * blur }
}

/// When tick marks are drawn on a stepped slider (MDCSlider's `trackTickVisibility`). Steps closer than
/// `SliderMetrics.minimumTickSpacing` show every 2nd, 5th, 10th, 20th … step's tick; both ends always show.
public enum TickVisibility: Equatable, Sendable, CaseIterable {
    case never
    case always
    case whileDragging
}
