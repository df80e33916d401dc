import SliderCore

/// The demo's panel: volume (speaker icons, 10 % detents), brightness (sun icons), a stepped temperature
/// with ticks and the value popup, a time window (two thumbs), a balance with its anchor in the middle, a
/// disabled slider, and a vertical fader.
struct ControlPanel {
    /// The panel's size in points.
    static let size = Size(width: 480, height: 340)

    let volume: Slider, brightness: Slider, temperature: Slider, timeWindow: Slider, balance: Slider, disabled: Slider, fader: Slider
    var sliders: [Slider] { [volume, brightness, temperature, timeWindow, balance, disabled, fader] }

    init(style: SliderStyle, layoutDirection: LayoutDirection = .leftToRight, clock: AnimationClock) throws(SliderError) {
        func slider(_ name: String, label: String, row: Int, isRange: Bool = false) -> Slider {
            let s = Slider(isRange: isRange, name: name, clock: clock)
            s.accessibilityLabel = label
            s.showsLabel = true
            s.style = style
            s.layoutDirection = layoutDirection
            return s
        }
        // Every slider shows its value while dragged, in the theme's own popup colours where it has them.
        var popup = style.valuePopup
        popup.isEnabled = true

        volume = slider("volume", label: "Volume", row: 0)
        volume.minimumValueImage = .symbol(.speakerQuiet)
        volume.maximumValueImage = .symbol(.speakerLoud)
        try volume.setStepFeedback(StepFeedbackConfiguration(boundaries: .every(0.1)))
        volume.formatter.custom = { "\(Int(($0 * 100).rounded())) %" }
        volume.style.valuePopup = popup
        try volume.setValue(0.62, animated: false)

        brightness = slider("brightness", label: "Brightness", row: 1)
        brightness.minimumValueImage = .symbol(.sunSmall)
        brightness.maximumValueImage = .symbol(.sunLarge)
        brightness.formatter.custom = { "\(Int(($0 * 100).rounded())) %" }
        brightness.style.valuePopup = popup
        try brightness.setValue(0.35, animated: false)

        temperature = slider("temperature", label: "Temperature", row: 2)
        try temperature.setBounds(minimum: 16, maximum: 28)
        try temperature.setStepping(.size(0.5))
        temperature.style.tickVisibility = .always
        temperature.style.valuePopup = popup
        temperature.formatter.custom = { value in ValueFormatter.format(value, places: 1) + " °C" }
        try temperature.setValue(21, animated: false)

        timeWindow = slider("time-window", label: "Time window", row: 3, isRange: true)
        try timeWindow.setBounds(minimum: 0, maximum: 24)
        try timeWindow.setStepping(.size(0.25))
        try timeWindow.setMinimumSeparation(1)
        timeWindow.style.valuePopup = popup
        timeWindow.formatter.custom = { hours in
            let minutes = Int((hours * 60).rounded())
            let m = minutes % 60
            return "\(minutes / 60):\(m < 10 ? "0" : "")\(m)"
        }
        try timeWindow.setValue(17.5, ofThumb: 1, animated: false)
        try timeWindow.setValue(8, ofThumb: 0, animated: false)

        balance = slider("balance", label: "Balance", row: 4)
        try balance.setBounds(minimum: -1, maximum: 1)
        try balance.setAnchorValue(0)
        balance.style.valuePopup = popup
        try balance.setValue(-0.3, animated: false)

        disabled = slider("disabled", label: "Disabled", row: 5)
        try disabled.setValue(0.5, animated: false)
        disabled.isEnabled = false

        fader = Slider(name: "fader", clock: clock)
        fader.accessibilityLabel = "Fader"
        fader.showsLabel = true
        fader.style = style
        fader.style.valuePopup = popup
        fader.orientation = .vertical
        try fader.setValue(0.7, animated: false)
        layout(in: ControlPanel.size)
    }

    /// The horizontal sliders, top to bottom.
    var rows: [Slider] { [volume, brightness, temperature, timeWindow, balance, disabled] }

    /// Lays the panel out to fill `size` points (a kiosk's fullscreen window, a tiled one): the rows span the
    /// width beside the fader and spread over the height, the fader spans the height. At `ControlPanel.size`
    /// this is the panel's own layout; a size smaller than that keeps it (the window then clips).
    func layout(in size: Size) {
        let width = Swift.max(size.width, ControlPanel.size.width), height = Swift.max(size.height, ControlPanel.size.height)
        let margin = 24.0, top = 16.0, sliderHeight = 44.0, faderGap = 28.0
        // 52 pt apart at the panel's own height; the extra height is shared between the gaps.
        let pitch = 52 + (height - ControlPanel.size.height) / Double(rows.count - 1)
        let rowWidth = width - 2 * margin - faderGap - sliderHeight
        for (row, slider) in rows.enumerated() {
            slider.frame = Rect(x: margin, y: top + Double(row) * pitch, width: rowWidth, height: sliderHeight)
        }
        fader.frame = Rect(x: width - margin - sliderHeight, y: top, width: sliderHeight, height: height - 2 * top - 8)
    }
}
