extension SliderStyle {
    /// The same style with every size multiplied by `factor`: the track, thumb, hit areas, images, ticks,
    /// focus ring, label, shadows and value popup. Colours, opacities and durations are kept. For a panel seen
    /// from further away than a desktop (a kiosk, a wall panel), like a larger Dynamic Type size.
    ///
    /// Throws `SliderError.invalidScale` unless `factor` is a finite number above 0.
    public func scaled(by factor: Double) throws(SliderError) -> SliderStyle {
        guard factor.isFinite, factor > 0 else { throw .invalidScale(factor) }
        var style = self
        style.metrics = metrics.scaled(by: factor)
        style.thumbShadows = thumbShadows.map { Shadow(offset: Point(x: $0.offset.x * factor, y: $0.offset.y * factor), blur: $0.blur * factor, color: $0.color) }
        style.valuePopup = valuePopup.scaled(by: factor)
        return style
    }
}

extension SliderMetrics {
    /// Every size multiplied by `factor`.
    fileprivate func scaled(by factor: Double) -> SliderMetrics {
        SliderMetrics(trackThickness: trackThickness * factor, thumbDiameter: thumbDiameter * factor, thumbHitSize: thumbHitSize * factor,
                      trackHitThickness: trackHitThickness * factor, imageSize: imageSize * factor, imageSpacing: imageSpacing * factor,
                      tickDiameter: tickDiameter * factor, minimumTickSpacing: minimumTickSpacing * factor,
                      focusRingWidth: focusRingWidth * factor, focusRingGap: focusRingGap * factor, labelWidth: labelWidth * factor,
                      labelHeight: labelHeight * factor, labelFontSize: labelFontSize * factor)
    }
}

extension ValuePopupStyle {
    /// Every size multiplied by `factor`; colours and the fade's duration kept.
    fileprivate func scaled(by factor: Double) -> ValuePopupStyle {
        var popup = self
        popup.fontSize *= factor
        popup.height *= factor
        popup.horizontalPadding *= factor
        popup.cornerRadius *= factor
        popup.arrowWidth *= factor
        popup.arrowHeight *= factor
        popup.gap *= factor
        return popup
    }
}
