/// How a slider looks: sizes, per-state colours, thumb shadows, ticks. Presets: `.iOS(_:)`, `.material(_:)`.
///
/// Colours resolve per state with `colors(for:)`: a state without its own colours uses `normal`. A disabled
/// slider is drawn in its `disabled` colours (else `normal`) and dimmed by `disabledAlpha`, the whole slider
/// as one group over an opaque background (UIKit's "entire slider dimmed"); set `disabledAlpha` to 1 to
/// draw the disabled colours as given.
public struct SliderStyle: Equatable, Sendable {
    public var metrics: SliderMetrics
    public var normal: SliderColors
    public var highlighted: SliderColors?
    public var focused: SliderColors?
    public var disabled: SliderColors?
    /// The opacity a disabled slider is drawn at, its disabled colours dimmed as one group. iOS: 0.3.
    public var disabledAlpha: Double
    /// Shadows drawn under the thumb, bottom first.
    public var thumbShadows: [Shadow]
    /// When ticks show on a stepped slider.
    public var tickVisibility: TickVisibility
    /// The bubble showing the value while the thumb is dragged.
    public var valuePopup: ValuePopupStyle
    /// Images drawn instead of the round thumb, per state (none by default).
    public var thumbImages: ThumbImages

    public init(metrics: SliderMetrics, normal: SliderColors, highlighted: SliderColors? = nil, focused: SliderColors? = nil,
                disabled: SliderColors? = nil, disabledAlpha: Double = 0.3, thumbShadows: [Shadow] = [],
                tickVisibility: TickVisibility = .never, valuePopup: ValuePopupStyle = ValuePopupStyle(),
                thumbImages: ThumbImages = ThumbImages()) {
        self.metrics = metrics
        self.normal = normal
        self.highlighted = highlighted
        self.focused = focused
        self.disabled = disabled
        self.disabledAlpha = disabledAlpha
        self.thumbShadows = thumbShadows
        self.tickVisibility = tickVisibility
        self.valuePopup = valuePopup
        self.thumbImages = thumbImages
    }

    /// The colours for `state`, a disabled slider's dimmed shape by shape (`disabledAlpha`), as they are drawn
    /// where there is no opaque background to dim the whole slider over.
    public func colors(for state: ControlState) -> SliderColors {
        switch state {
        case .normal: normal
        case .highlighted: highlighted ?? normal
        case .focused: focused ?? normal
        case .disabled: (disabled ?? normal).withAlpha(multipliedBy: disabledAlpha)
        }
    }

    /// The largest distance a thumb shadow reaches past the thumb, in points.
    public var thumbShadowReach: Double {
        thumbShadows.reduce(0) { Swift.max($0, $1.reach) }
    }
}
