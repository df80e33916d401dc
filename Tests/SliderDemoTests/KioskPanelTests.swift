import Foundation
import PrivateCompositors
@_spi(Internals) import SliderRenderer
import Testing
@testable import SliderDemo
@testable import SliderPanel
@_spi(Internals) import WaylandSlider

/// The demo's panel where the compositor chooses the window's size: the kiosk cage (fullscreen) on a
/// 1280 x 720 output, a 1920 x 1080 one and a portrait 720 x 1280 one, and sway tiling the window over a
/// 1280 x 720 output at scale 2; each on both presentation paths. The panel is zoomed to be read from a step
/// back, its tracks stop growing at the panel's widest, and what the compositor shows equals the panel
/// rendered offscreen at that size. Look at `kiosk-panel-*.png` in `.build/renders`.
@Suite(.serialized) struct KioskPanelTests {
    enum Output: String, CaseIterable, CustomStringConvertible {
        case cage1280x720, cage1920x1080, cagePortrait, sway1280x720Scale2
        var description: String { rawValue }

        func start() throws -> HeadlessWlroots {
            switch self {
            case .cage1280x720: try HeadlessWlroots(.cage, kiosk: .landscape)
            case .cage1920x1080: try HeadlessWlroots(.cage, kiosk: .sized(width: 1920, height: 1080))
            case .cagePortrait: try HeadlessWlroots(.cage, kiosk: .portrait)
            case .sway1280x720Scale2: try HeadlessWlroots(.sway, scale: 2)
            }
        }

        /// The panel's zoom there (labels 13 pt times this).
        var zoom: Double {
            switch self {
            case .cage1280x720: 2
            case .cage1920x1080: 3
            case .cagePortrait: 1.5
            case .sway1280x720Scale2: 1
            }
        }
    }

    @Test(arguments: Output.allCases, [PresentationPath.eglWindow, .sharedMemory])
    func thePanelFillsTheWindowTheCompositorGivesAtASizeThatReads(_ output: Output, _ path: PresentationPath) throws {
        let compositor = try output.start()
        let size = Size(width: Double(compositor.outputSize.width) / compositor.scale, height: Double(compositor.outputSize.height) / compositor.scale)
        let panel = try ControlPanel(style: Theme.iosLight.style, clock: ManualClock())
        let window = try SliderWindow(WindowConfiguration(title: "kiosk", size: ControlPanel.size, isFullscreen: compositor.kind == .cage,
                                                          hidesCursor: true, presentation: path),
                                      sliders: panel.sliders, background: Theme.iosLight.background, socket: compositor.socketPath)
        window.onSizeChanged = { panel.layout(in: $0) }
        panel.layout(in: window.size)
        let deadline = Date().addingTimeInterval(5)
        // The frame callback says the compositor has composited the last frame (sway answers presentation
        // feedback only when its output presents again).
        while window.size != size || window.hasFrameInFlight, Date() < deadline { try window.dispatch(timeout: 0.05) }
        #expect(window.size == size, "\(output), \(path): window \(window.size), output \(size)")
        let zoom = output.zoom
        #expect(ControlPanel.zoom(toFill: size) == zoom)
        for slider in panel.sliders {
            #expect(slider.style.metrics.labelFontSize == 13 * zoom && slider.style.metrics.thumbDiameter == 28 * zoom, "\(slider.name)")
            #expect(slider.frame.minX >= 0 && slider.frame.maxX <= size.width && slider.frame.minY >= 0 && slider.frame.maxY <= size.height,
                    "\(output): \(slider.name) at \(slider.frame) inside \(size)")
        }
        // The rows and the fader: the panel's margins zoomed, centred, as wide as the window up to the widest.
        let width = min(size.width, ControlPanel.maximumWidth * zoom)
        let left = ((size.width - width) / 2).rounded(.down)
        #expect(panel.volume.frame.minX == left + 24 * zoom)
        #expect(panel.volume.frame.maxX == left + width - (24 + 28 + 44) * zoom, "\(output): the rows span the panel beside the fader")
        #expect(panel.fader.frame.maxX == left + width - 24 * zoom)
        #expect(panel.volume.layout.trackRect.width <= (ControlPanel.maximumWidth - 48 - 72 - 96 - 56) * zoom,
                "\(output): the track is at most its longest, zoomed: \(panel.volume.layout.trackRect.width)")
        let pitch = panel.brightness.frame.minY - panel.volume.frame.minY
        #expect(pitch >= 52 * zoom && pitch <= 78 * zoom, "\(output): rows \(pitch) pt apart")
        let above = panel.volume.frame.minY, below = size.height - panel.disabled.frame.maxY
        #expect(abs((above - 16 * zoom) - (below - 20 * zoom)) <= 1, "\(output): centred vertically: \(above) above, \(below) below")
        #expect(panel.fader.frame.minY == panel.volume.frame.minY && panel.fader.frame.maxY > panel.disabled.frame.minY,
                "\(output): the fader spans the rows")
        let shot = try compositor.screenshot()
        try shot.writePNG(to: Renders.path("kiosk-panel-\(output)-\(path.rawValue).png"))
        let expected = try window.renderer.image(of: panel.sliders, size: window.size, scale: window.scale.factor, background: Theme.iosLight.background)
        #expect(shot.width == expected.width && shot.height == expected.height)
        let difference = shot.difference(from: expected)
        #expect(showsTheRender(difference), "\(output), \(path): max difference \(difference.maximum), \(difference.pixelsOver) pixels over 2")
    }

    /// The zoom steps in quarters from 1 to 3 with the size the panel fills, whatever that size is.
    @Test func theZoomFollowsTheSizeAndStaysBetweenOneAndThree() {
        #expect(ControlPanel.zoom(toFill: ControlPanel.size) == 1)
        #expect(ControlPanel.zoom(toFill: Size(width: 200, height: 100)) == 1, "smaller than the panel: its own size, clipped")
        #expect(ControlPanel.zoom(toFill: Size(width: 1024, height: 768)) == 2)
        #expect(ControlPanel.zoom(toFill: Size(width: 3840, height: 2160)) == 3)
        #expect(ControlPanel.zoom(toFill: Size(width: 2560, height: 720)) == 2, "an ultrawide bar: the height decides")
        for size in [Size(width: .nan, height: 720), Size(width: .infinity, height: .infinity), Size(width: -5, height: 0)] {
            #expect(ControlPanel.zoom(toFill: size) == 1, "\(size)")
        }
    }
}
/// `slider-demo --compositor NAME --fullscreen`, as a user runs it, on each presentation path
/// (`WAYLAND_SLIDER_PRESENTATION`): the demo starts that compositor headless itself, fills its output with
/// the panel, and saves a screenshot equal to the panel laid out for that size and rendered offscreen.
@Suite(.serialized) struct DemoOnEachCompositorTests {
    @Test(arguments: [("sway", 512.0, 384.0, 2.0), ("cage", 720, 1280, 1), ("kwin", 512, 384, 2)], [PresentationPath.eglWindow, .sharedMemory])
    func theDemoFillsEachCompositorsOutput(_ compositor: (name: String, width: Double, height: Double, scale: Double), _ path: PresentationPath) throws {
        let name = compositor.name
        let screenshot = NSTemporaryDirectory() + "slider-demo-\(name)-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: screenshot) }
        let result = try BuiltProgram.run(["--compositor", name, "--fullscreen", "--screenshot", screenshot],
                                         environment: [PresentationPath.environmentVariable: path == .eglWindow ? "egl" : "shm"])
        #expect(result.status == 0, "\(name), \(path): \(result.standardError)")
        #expect(result.lines.first?.contains(name == "kwin" ? "KWin" : name) == true, "\(result.lines)")
        #expect(result.lines.last?.contains(path == .eglWindow ? "through an EGL window" : "through wl_shm") == true, "\(result.lines)")
        #expect(path == .sharedMemory || result.renderer == .gles, "an EGL window is drawn by GLES2: \(result.lines)")
        let image = try RGBAImage(contentsOfPNG: screenshot)
        let panel = try ControlPanel(style: Theme.iosLight.style, clock: ManualClock())
        let size = Size(width: compositor.width, height: compositor.height)
        panel.layout(in: size)
        let expected = try result.renderer.image(of: panel.sliders, size: size, scale: compositor.scale, background: Theme.iosLight.background)
        #expect(image.width == expected.width && image.height == expected.height, "\(name): \(image.width) x \(image.height)")
        let difference = image.difference(from: expected)
        #expect(showsTheRender(difference), "\(name), \(path): max difference \(difference.maximum), \(difference.pixelsOver) pixels over 2")
    }
}

/// Whether a screenshot of the demo's panel shows the offscreen render: at most 2/255 apart, or, where the
/// window draws straight into its EGL back buffer, up to one step of the glyph distance field (8/255) in a
/// few pixels at glyph edges. Measured on Debian 13's Mesa 25 (llvmpipe, buffer age: frames drawn into the
/// window-system buffer, not an FBO), the same on weston 14 and cage 0.2: 3 pixels of 921,600 at 720 x 1280
/// and 13 of 2,073,600 at 1920 x 1080 differ by 3 to 6, all at glyph edges, and 0 at 1280 x 720; the wl_shm
/// path (an FBO) and Debian 12's EGL path (no buffer age: drawn through an FBO) differ by 0. llvmpipe filters
/// the 8-bit field to 8 bits, and at the panel's label sizes one step of the field is about 6/255 of
/// coverage, so a sample that lands on the other side of a byte boundary in the window's buffer moves a
/// pixel by one such step.
func showsTheRender(_ difference: (maximum: Int, pixelsOver: Int)) -> Bool {
    difference.maximum <= 2 || (difference.maximum <= 8 && difference.pixelsOver <= 32)
}
