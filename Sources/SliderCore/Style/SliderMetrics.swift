/// The sizes of a slider's parts, in points.
public struct SliderMetrics: Equatable, Sendable {
    /// Height of a horizontal track (width of a vertical one). iOS: 4.
    public var trackThickness: Double
    /// Thumb diameter. iOS: 28.
    public var thumbDiameter: Double
    /// Side of the square around the thumb that accepts presses. iOS: 44.
    public var thumbHitSize: Double
    /// Thickness of the band around the track that accepts presses. iOS: 44.
    public var trackHitThickness: Double
    /// Side of the minimum and maximum value images. iOS: 20.
    public var imageSize: Double
    /// Gap between an end image and the track. iOS: 8.
    public var imageSpacing: Double
    /// Diameter of a tick mark.
    public var tickDiameter: Double
    /// The least distance between drawn ticks: denser steps show every 2nd, 5th, 10th … tick.
    public var minimumTickSpacing: Double
    /// Width of the keyboard focus ring and its gap from the thumb.
    public var focusRingWidth: Double
    public var focusRingGap: Double
    /// Room a shown label takes before the track: its width beside a horizontal slider (the label's text
    /// and the gap after it), its height above a vertical one.
    public var labelWidth: Double
    public var labelHeight: Double
    /// The label's font size (em), in points.
    public var labelFontSize: Double

    public init(trackThickness: Double, thumbDiameter: Double, thumbHitSize: Double = 44, trackHitThickness: Double = 44,
                imageSize: Double = 20, imageSpacing: Double = 8, tickDiameter: Double = 2, minimumTickSpacing: Double = 6,
                focusRingWidth: Double = 2, focusRingGap: Double = 2, labelWidth: Double = 96, labelHeight: Double = 24,
                labelFontSize: Double = 13) {
        self.trackThickness = trackThickness
        self.thumbDiameter = thumbDiameter
        self.thumbHitSize = thumbHitSize
        self.trackHitThickness = trackHitThickness
        self.imageSize = imageSize
        self.imageSpacing = imageSpacing
        self.tickDiameter = tickDiameter
        self.minimumTickSpacing = minimumTickSpacing
        self.focusRingWidth = focusRingWidth
        self.focusRingGap = focusRingGap
        self.labelWidth = labelWidth
        self.labelHeight = labelHeight
        self.labelFontSize = labelFontSize
    }
}
