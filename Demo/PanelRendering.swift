import SliderCore
import SliderRenderer

/// Renders the control panel offscreen (EGL, no window needed) and writes it as a PNG.
enum PanelRendering {
    static func render(_ panel: ControlPanel, background: Color, scale: Double, to path: String) throws {
        let width = Int((ControlPanel.size.width * scale).rounded(.up))
        let height = Int((ControlPanel.size.height * scale).rounded(.up))
        let target = try OffscreenTarget(width: width, height: height)
        let renderer = try SliderRenderer()
        renderer.clearColor = background
        var scene = Scene()
        SceneBuilder.build(panel.sliders, pixelWidth: width, pixelHeight: height, scale: scale, into: &scene)
        try renderer.render(scene)
        try target.readPixels().writePNG(to: path)
    }
}
