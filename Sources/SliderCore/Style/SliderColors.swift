/// The colours of every part of a slider in one control state.
public struct SliderColors: Equatable, Sendable {
    /// The track between the minimum (or the anchor) and the thumb: UISlider's `minimumTrackTintColor`.
    public var minimumTrack: Color
    /// The rest of the track: UISlider's `maximumTrackTintColor`.
    public var maximumTrack: Color
    public var thumb: Color
    /// Ticks over the filled part of the track (MDCSlider's `filledTrackTickColor`).
    public var filledTick: Color
    /// Ticks over the unfilled part (MDCSlider's `backgroundTrackTickColor`).
    public var backgroundTick: Color
    /// Tint of the minimum and maximum value images.
    public var image: Color
    /// The ring drawn around a thumb that has keyboard focus.
    public var focusRing: Color

    public init(minimumTrack: Color, maximumTrack: Color, thumb: Color, filledTick: Color, backgroundTick: Color,
                image: Color, focusRing: Color) {
        self.minimumTrack = minimumTrack
        self.maximumTrack = maximumTrack
        self.thumb = thumb
        self.filledTick = filledTick
        self.backgroundTick = backgroundTick
        self.image = image
        self.focusRing = focusRing
    }

    /// Every colour with its opacity multiplied by `factor` (the iOS disabled look is the whole slider at 0.3).
    public func withAlpha(multipliedBy factor: Double) -> SliderColors {
        SliderColors(minimumTrack: minimumTrack.withAlpha(multipliedBy: factor),
                     maximumTrack: maximumTrack.withAlpha(multipliedBy: factor),
                     thumb: thumb.withAlpha(multipliedBy: factor),
                     filledTick: filledTick.withAlpha(multipliedBy: factor),
                     backgroundTick: backgroundTick.withAlpha(multipliedBy: factor),
                     image: image.withAlpha(multipliedBy: factor),
                     focusRing: focusRing.withAlpha(multipliedBy: factor))
    }
}
