import SliderCore

extension PanelFile.SliderEntry {
    /// Gives `slider` what the entry says (all but its end images, which the panel registers): the label shown,
    /// the bounds, steps, scale, keyboard steps, values and look, through the slider's own setters, so the file
    /// is held to the slider's rules (`PanelReader` applies each entry to a scratch slider to check it).
    func apply(to slider: Slider) throws(SliderError) {
        slider.accessibilityLabel = label ?? id
        slider.showsLabel = true
        slider.orientation = orientation
        var style = slider.style
        style.valuePopup.isEnabled = popup
        style.valuePopup.isAlwaysShown = popupAlwaysShown
        if let ticks { style.tickVisibility = ticks }
        slider.style = style
        try slider.setBounds(minimum: range.lowerBound, maximum: range.upperBound)
        if let step { try slider.setStepping(.size(step)) }
        if let discreteValues { try slider.setStepping(.count(discreteValues)) }
        if let snap { slider.snapMode = snap }
        try slider.setAnchorValue(anchor)
        try slider.setValueScale(valueScale)
        try slider.setKeyboardStep(keyStep)
        try slider.setPageStep(pageStep)
        if decimals != nil || unit != nil {
            let places = decimals ?? 0, unit = unit.map { " " + $0 } ?? ""
            slider.formatter.custom = { ValueFormatter.format($0, places: places) + unit }
        }
        if let endSymbols {
            slider.minimumValueImage = .symbol(endSymbols[0])
            slider.maximumValueImage = .symbol(endSymbols[1])
        }
        let values = values ?? (thumbs == 2 ? [range.lowerBound, range.upperBound] : [range.lowerBound])
        for (thumb, value) in values.enumerated().reversed() { try slider.setValue(value, ofThumb: thumb, animated: false) }
    }
}
