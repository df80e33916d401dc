import Foundation
import HeadlessWeston
@_spi(Internals) import SliderRenderer
import Testing
@testable import SliderDemo
import WaylandSlider

/// The demo's panel where the compositor chooses the window's size: the kiosk cage (fullscreen, portrait
/// 720 x 1280) and sway tiling the window over a 1280 x 720 output at scale 2. The panel fills the window,
/// and what the compositor shows equals the panel rendered offscreen at that size.
@Suite(.serialized) struct KioskPanelTests {
    @Test(arguments: [HeadlessWlroots.Kind.cage, .sway])
    func thePanelFillsTheWindowTheCompositorGives(_ kind: HeadlessWlroots.Kind) throws {
        let compositor = try HeadlessWlroots(kind, scale: 2)
        let output = Size(width: Double(compositor.outputSize.width / compositor.scale), height: Double(compositor.outputSize.height / compositor.scale))
        let panel = try ControlPanel(style: Theme.iosLight.style, clock: ManualClock())
        let window = try SliderWindow(WindowConfiguration(title: "kiosk", size: ControlPanel.size, isFullscreen: kind == .cage, hidesCursor: true),
                                      sliders: panel.sliders, background: Theme.iosLight.background, socket: compositor.socketPath)
        window.onSizeChanged = { panel.layout(in: $0) }
        panel.layout(in: window.size)
        let deadline = Date().addingTimeInterval(5)
        // The frame callback says the compositor has composited the last frame (sway answers presentation
        // feedback only when its output presents again).
        while window.size != output || window.hasFrameInFlight, Date() < deadline { try window.dispatch(timeout: 0.05) }
        #expect(window.size == output, "\(kind): window \(window.size), output \(output)")
        #expect(panel.volume.frame.maxX == output.width - 24 - 28 - 44, "\(kind): the rows span the width beside the fader")
        #expect(panel.fader.frame.maxY == output.height - 24, "\(kind): the fader spans the height")
        #expect(panel.disabled.frame.maxY > output.height - 80, "\(kind): the rows spread over the height")
        let shot = try compositor.screenshot()
        try shot.writePNG(to: NSTemporaryDirectory() + "kiosk-panel-\(kind.rawValue).png")
        let expected = try OffscreenTarget.image(of: panel.sliders, size: window.size, scale: window.scale.factor, background: Theme.iosLight.background)
        #expect(shot.width == expected.width && shot.height == expected.height)
        let difference = shot.difference(from: expected)
        #expect(difference.maximum <= 2, "\(kind): max difference \(difference.maximum)")
    }
}

/// `slider-demo --compositor NAME --fullscreen`, as a user runs it: the demo starts that compositor
/// headless itself, fills its output with the panel, and saves a screenshot equal to the panel laid out
/// for that size and rendered offscreen.
@Suite(.serialized) struct DemoOnEachCompositorTests {
    @Test(arguments: [("sway", 512.0, 384.0, 2.0), ("cage", 720, 1280, 1), ("kwin", 512, 384, 2)])
    func theDemoFillsEachCompositorsOutput(_ name: String, _ width: Double, _ height: Double, _ scale: Double) throws {
        let screenshot = NSTemporaryDirectory() + "slider-demo-\(name)-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: screenshot) }
        let result = try DemoProcess.run(["--compositor", name, "--fullscreen", "--screenshot", screenshot])
        #expect(result.status == 0, "\(name): \(result.standardError)")
        #expect(result.lines.first?.contains(name == "kwin" ? "KWin" : name) == true, "\(result.lines)")
        let image = try RGBAImage(contentsOfPNG: screenshot)
        let panel = try ControlPanel(style: Theme.iosLight.style, clock: ManualClock())
        let size = Size(width: width, height: height)
        panel.layout(in: size)
        let expected = try OffscreenTarget.image(of: panel.sliders, size: size, scale: scale, background: Theme.iosLight.background)
        #expect(image.width == expected.width && image.height == expected.height, "\(name): \(image.width) x \(image.height)")
        let difference = image.difference(from: expected)
        #expect(difference.maximum <= 2, "\(name): max difference \(difference.maximum)")
    }
}
