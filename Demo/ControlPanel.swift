import SliderCore

/// The demo's panel of sliders: volume, brightness, a stepped temperature, a time window (range), a balance
/// with its anchor in the middle, a vertical fader and a disabled slider.
struct ControlPanel {
    /// The panel's size in points.
    static let size = Size(width: 480, height: 340)

    let sliders: [Slider]

    init(style: SliderStyle, layoutDirection: LayoutDirection = .leftToRight, clock: AnimationClock) throws(SliderError) {
        func slider(_ name: String, row: Int, width: Double = 360) -> Slider {
            let s = Slider(name: name, clock: clock)
            s.style = style
            s.layoutDirection = layoutDirection
            s.frame = Rect(x: 24, y: 16 + Double(row) * 52, width: width, height: 44)
            return s
        }
        let volume = slider("volume", row: 0)
        try volume.setStepFeedback(StepFeedbackConfiguration(boundaries: .every(0.1)))
        try volume.setValue(0.62, animated: false)

        let brightness = slider("brightness", row: 1)
        try brightness.setValue(0.35, animated: false)

        let temperature = slider("temperature", row: 2)
        try temperature.setBounds(minimum: 16, maximum: 28)
        try temperature.setStepping(.size(1))
        temperature.style.tickVisibility = .always
        try temperature.setValue(21, animated: false)

        let window = Slider(isRange: true, name: "time-window", clock: clock)
        window.style = style
        window.layoutDirection = layoutDirection
        window.frame = Rect(x: 24, y: 16 + 3 * 52, width: 360, height: 44)
        try window.setBounds(minimum: 0, maximum: 24)
        try window.setStepping(.size(0.25))
        try window.setMinimumSeparation(1)
        try window.setValue(17.5, ofThumb: 1, animated: false)
        try window.setValue(8, ofThumb: 0, animated: false)

        let balance = slider("balance", row: 4)
        try balance.setBounds(minimum: -1, maximum: 1)
        try balance.setAnchorValue(0)
        try balance.setValue(-0.3, animated: false)

        let disabled = slider("disabled", row: 5)
        try disabled.setValue(0.5, animated: false)
        disabled.isEnabled = false

        let fader = Slider(name: "fader", clock: clock)
        fader.style = style
        fader.orientation = .vertical
        fader.frame = Rect(x: 412, y: 16, width: 44, height: 300)
        try fader.setValue(0.7, animated: false)

        sliders = [volume, brightness, temperature, window, balance, disabled, fader]
    }
}
