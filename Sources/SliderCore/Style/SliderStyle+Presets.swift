extension SliderStyle {
    /// The iOS default (UISlider): 4 pt track, 28 pt white thumb with two shadows, systemBlue fill,
    /// systemFill track (#787880 at 20 % light, 36 % dark), no ticks, disabled at alpha 0.3.
    public static func iOS(_ scheme: ColorScheme = .light) -> SliderStyle {
        let tint = scheme == .light ? Color(hex: 0x007AFF) : Color(hex: 0x0A84FF)
        let colors = SliderColors(
            minimumTrack: tint,
            maximumTrack: Color(hex: 0x787880, alpha: scheme == .light ? 0.20 : 0.36),
            thumb: .white,
            filledTick: Color.white.withAlpha(multipliedBy: 0.6),
            backgroundTick: Color(hex: 0x787880, alpha: 0.6),
            image: scheme == .light ? Color(hex: 0x3C3C43, alpha: 0.6) : Color(hex: 0xEBEBF5, alpha: 0.6),
            focusRing: tint)
        // UIKit dims a disabled slider as one layer (group opacity) at 30 %: the normal colours, dimmed as a group.
        return SliderStyle(
            metrics: SliderMetrics(trackThickness: 4, thumbDiameter: 28),
            normal: colors,
            disabledAlpha: 0.3,
            thumbShadows: [
                Shadow(offset: Point(x: 0, y: 0.5), blur: 4, color: Color.black.withAlpha(multipliedBy: 0.12)),
                Shadow(offset: Point(x: 0, y: 0.5), blur: 1, color: Color.black.withAlpha(multipliedBy: 0.04)),
            ],
            tickVisibility: .never)
    }

    /// MDCSlider's defaults: 2 pt track, 6 pt thumb radius, no elevation, track background black at 26 %,
    /// fill and thumb in the primary colour, black ticks shown while dragging, the value label shown while
    /// dragging; disabled: thumb and fill on-surface at 26 %, the track at 12 %, dimmed as one group.
    public static func material(_ scheme: ColorScheme = .light) -> SliderStyle {
        let primary = scheme == .light ? Color(hex: 0x6200EE) : Color(hex: 0xBB86FC)
        let onSurface = scheme == .light ? Color.black : Color.white
        let colors = SliderColors(
            minimumTrack: primary,
            maximumTrack: onSurface.withAlpha(multipliedBy: 0.26),
            thumb: primary,
            filledTick: onSurface,
            backgroundTick: onSurface,
            image: onSurface.withAlpha(multipliedBy: 0.6),
            focusRing: primary.withAlpha(multipliedBy: 0.5))
        // MDC's disabled colours are on-surface at 26 % (thumb, fill, image) and 12 % (track): on-surface
        // opaque and at 12/26 for the track, dimmed to 26 % as one group, so the track does not show through
        // the thumb.
        var disabled = colors
        disabled.minimumTrack = onSurface
        disabled.thumb = onSurface
        disabled.maximumTrack = onSurface.withAlpha(multipliedBy: 0.12 / 0.26)
        disabled.image = onSurface
        return SliderStyle(
            metrics: SliderMetrics(trackThickness: 2, thumbDiameter: 12, tickDiameter: 2),
            normal: colors,
            disabled: disabled,
            disabledAlpha: 0.26,
            thumbShadows: [],
            tickVisibility: .whileDragging,
            // MDCSlider shows its discrete value label in the primary colour with white text.
            valuePopup: ValuePopupStyle(isEnabled: true, background: primary, text: scheme == .light ? .white : .black,
                                        fontSize: 12, height: 24, horizontalPadding: 8, cornerRadius: 12))
    }
}
