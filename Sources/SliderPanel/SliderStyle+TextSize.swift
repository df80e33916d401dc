import SliderCore

extension SliderStyle {
    /// The style with its label and value popup text at `points` (a panel file's `text-size`), the room for the
    /// label and the popup's bubble grown in proportion, so a panel read from across a room keeps its layout.
    package func withTextSize(_ points: Double) -> SliderStyle {
        var style = self
        let factor = points / metrics.labelFontSize
        style.metrics.labelFontSize = points
        style.metrics.labelWidth *= factor
        style.metrics.labelHeight *= factor
        let popupFactor = points / style.valuePopup.fontSize
        style.valuePopup.fontSize = points
        style.valuePopup.height *= popupFactor
        style.valuePopup.horizontalPadding *= popupFactor
        style.valuePopup.cornerRadius *= popupFactor
        style.valuePopup.arrowWidth *= popupFactor
        style.valuePopup.arrowHeight *= popupFactor
        return style
    }
}
