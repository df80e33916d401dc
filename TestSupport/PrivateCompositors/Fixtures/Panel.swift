import SliderCore
@_spi(Internals) import SliderRenderer

/// The sliders the window tests show: a 480 x 200 pt window with a continuous slider, a stepped one and a
/// range slider, each 360 x 44 pt at x 40.
package struct Panel {
    package static let size = Size(width: 480, height: 200)
    package static let background = Color(hex: 0xF2F2F7)
    package let clock = ManualClock()
    package let volume: Slider
    package let temperature: Slider
    package let window: Slider
    package var sliders: [Slider] { [volume, temperature, window] }

    package init() throws {
        volume = Slider(name: "volume", clock: clock)
        volume.frame = Rect(x: 40, y: 20, width: 360, height: 44)
        try volume.setValue(0.25, animated: false)
        temperature = Slider(name: "temperature", clock: clock)
        temperature.frame = Rect(x: 40, y: 80, width: 360, height: 44)
        try temperature.setBounds(minimum: 16, maximum: 28)
        try temperature.setStepping(.size(1))
        try temperature.setValue(20, animated: false)
        window = Slider(isRange: true, name: "window", clock: clock)
        window.frame = Rect(x: 40, y: 140, width: 360, height: 44)
        try window.setBounds(minimum: 0, maximum: 24)
        try window.setValue(18, ofThumb: 1, animated: false)
        try window.setValue(6, ofThumb: 0, animated: false)
    }

    /// Lays the sliders out for a window of `size` points: each spans the width but for 40 pt on either side.
    package func layout(in size: Size) {
        for slider in sliders { slider.frame.size.width = max(size.width - 80, 44) }
    }

    /// The same sliders rendered offscreen at `scale`, as the window should show them.
    package func offscreenRender(scale: Double, renderer: RendererKind = .gles) throws -> RGBAImage {
        try renderer.image(of: sliders, size: Panel.size, scale: scale, background: Panel.background)
    }
}
