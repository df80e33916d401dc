import SliderCore
import SliderRenderer

/// Renders the control panel offscreen (EGL, no window needed), as the window shows it.
enum PanelRendering {
    static func render(_ panel: ControlPanel, background: Color, scale: Double) throws -> RGBAImage {
        let width = Int((ControlPanel.size.width * scale).rounded(.up))
        let height = Int((ControlPanel.size.height * scale).rounded(.up))
        let target = try OffscreenTarget(width: width, height: height)
        let renderer = try SliderRenderer()
        renderer.clearColor = background
        var scene = Scene()
        SceneBuilder.build(panel.sliders, pixelWidth: width, pixelHeight: height, scale: scale, into: &scene, textMetrics: renderer.textMetrics)
        try renderer.render(scene)
        return try target.readPixels()
    }
}
