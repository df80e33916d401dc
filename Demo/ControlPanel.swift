import SliderCore

/// The demo's panel: volume (speaker icons, 10 % detents), brightness (sun icons), a stepped temperature
/// with ticks and the value popup, a time window (two thumbs), a balance with its anchor in the middle, a
/// disabled slider, and a vertical fader.
struct ControlPanel {
    /// The panel's size in points.
    static let size = Size(width: 480, height: 340)

    let volume: Slider, brightness: Slider, temperature: Slider, timeWindow: Slider, balance: Slider, disabled: Slider, fader: Slider
    var sliders: [Slider] { [volume, brightness, temperature, timeWindow, balance, disabled, fader] }
    /// Each slider's style at the panel's own size, in the order of `sliders`: `layout(in:)` scales them.
    private let styles: [SliderStyle]

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
        styles = [volume, brightness, temperature, timeWindow, balance, disabled, fader].map(\.style)
        layout(in: ControlPanel.size)
    }

    /// The horizontal sliders, top to bottom.
    var rows: [Slider] { [volume, brightness, temperature, timeWindow, balance, disabled] }

    /// The largest zoom, and the widest the panel grows in its own points (its tracks stop growing there).
    static let maximumZoom = 3.0, maximumWidth = 720.0

    /// How much larger than its own size the panel is drawn to fill `size` points: as large as fits, in
    /// quarter steps, from 1 (a desktop window) to `maximumZoom`. A 1280 x 720 kiosk gets 2, a 1920 x 1080 one
    /// 3, a portrait 720 x 1280 one 1.5: labels a kiosk's user reads from a step back, and targets a finger hits.
    static func zoom(toFill size: Size) -> Double {
        guard size.width.isFinite, size.height.isFinite else { return 1 }
        let fit = Swift.min(size.width / ControlPanel.size.width, size.height / ControlPanel.size.height)
        return Swift.min(Swift.max((fit * 4).rounded(.down) / 4, 1), maximumZoom)
    }

    /// Lays the panel out to fill `size` points (a kiosk's fullscreen window, a tiled one), zoomed by
    /// `zoom(toFill:)`: every slider's style is scaled by the zoom; the rows span the width beside the fader up
    /// to `maximumWidth` (zoomed; wider, the panel is centred) and spread over the height up to one and a half
    /// times their own pitch (taller, the panel is centred); the fader spans the panel's height. At
    /// `ControlPanel.size` this is the panel's own layout; a size smaller than that keeps it (the window then
    /// clips).
    func layout(in size: Size) {
        let zoom = ControlPanel.zoom(toFill: size)
        for (slider, style) in zip(sliders, styles) {
            // The zoom is always a finite number from 1 to 3, which scaling takes.
            slider.style = (try? style.scaled(by: zoom)) ?? style
        }
        let ownHeight = ControlPanel.size.height * zoom
        let width = Swift.min(Swift.max(size.width, ControlPanel.size.width * zoom), ControlPanel.maximumWidth * zoom)
        let height = Swift.max(size.height, ownHeight)
        let margin = 24 * zoom, top = 16 * zoom, sliderHeight = 44 * zoom, faderGap = 28 * zoom, ownPitch = 52 * zoom
        let gaps = Double(rows.count - 1)
        let pitch = ownPitch + Swift.min((height - ownHeight) / gaps, ownPitch / 2)
        let panelHeight = ownHeight + (pitch - ownPitch) * gaps
        let x = ((Swift.max(size.width, width) - width) / 2).rounded(.down), y = ((height - panelHeight) / 2).rounded(.down)
        let rowWidth = width - 2 * margin - faderGap - sliderHeight
        for (row, slider) in rows.enumerated() {
            slider.frame = Rect(x: x + margin, y: y + top + Double(row) * pitch, width: rowWidth, height: sliderHeight)
        }
        fader.frame = Rect(x: x + width - margin - sliderHeight, y: y + top, width: sliderHeight, height: panelHeight - 2 * top - 8 * zoom)
    }
}
