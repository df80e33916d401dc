import Foundation
import PrivateCompositors
@_spi(Internals) import SliderCore
import SliderRenderer
@_spi(Internals) @testable import SliderWayland
import Testing
@_spi(Internals) import WaylandSlider

/// The same end-to-end scenarios on every compositor the release packages that runs headless here, each
/// started by the test: weston (input through the project's module), sway and labwc (wlroots' virtual
/// pointer and virtual keyboard; screenshots through wlr-screencopy), the kiosk cage (no virtual input of its
/// own: pointer and keys through the sway that shows its output) and KWin (fake input; screenshots over D-Bus
/// on KWin 5.27, from its X11-windowed output on KWin 6; fractional scale, as labwc). Debian 12 has weston 10,
/// sway 1.7, cage 0.1.4 and KWin 5.27; Debian 13 weston 14, sway 1.10, cage 0.2, KWin 6.3 and labwc 0.8.
/// A compositor that cannot start fails the test. What is drawn is here; input, pacing and the loop's end
/// are in `CompositorInputMatrixTests`, a suite of its own that runs beside this one (each is serialized:
/// one compositor at a time in each).
@Suite(.serialized) struct CompositorMatrixTests {
    @Test(arguments: CompositorKind.onThisRelease, PresentationPath.both)
    func theWindowMapsAndItsFirstFrameMatchesAnOffscreenRender(_ kind: CompositorKind, _ path: PresentationPath) throws {
        let m = try MatrixCompositor(kind, path: path)
        #expect(m.window.isConfigured)
        let shot = try m.screenshot()
        try Renders.save(shot, as: "matrix-\(kind)-\(path.rawValue)-first-frame")
        let expected = try m.expectedImage()
        #expect(shot.width == expected.width && shot.height == expected.height,
                "\(kind), \(path): shown \(shot.width) x \(shot.height), window \(m.window.pixelSize)")
        let difference = shot.difference(from: expected)
        #expect(difference.maximum <= 2, "\(kind), \(path): max difference \(difference.maximum) (\(m.pointerHistory))")
    }

    @Test(arguments: CompositorKind.onThisRelease, PresentationPath.both)
    func nothingIsDrawnWhileNothingChanges(_ kind: CompositorKind, _ path: PresentationPath) throws {
        let m = try MatrixCompositor(kind, path: path)
        try m.window.recorded.reset()
        let end = MonotonicTime.seconds() + 2
        while MonotonicTime.seconds() < end { try m.window.dispatch(timeout: max(0, end - MonotonicTime.seconds())) }
        let idleFrames = try m.window.recorded.committedCount
        #expect(idleFrames == 0, "\(kind), \(path): \(idleFrames) frames while idle")
    }

    @Test(arguments: CompositorKind.withFullscreen, PresentationPath.both)
    func fullscreenFillsTheOutput(_ kind: CompositorKind, _ path: PresentationPath) throws {
        let m = try MatrixCompositor(kind, path: path, fullscreen: true)
        let filled = try m.dispatch { m.window.size == m.outputPoints }
        #expect(filled, "\(kind), \(path): window \(m.window.size), output \(m.outputPoints)")
        try m.settle()
        let shot = try m.screenshot()
        try Renders.save(shot, as: "matrix-\(kind)-\(path.rawValue)-fullscreen")
        let difference = shot.difference(from: try m.expectedImage())
        #expect(difference.maximum <= 2, "\(kind), \(path): max difference \(difference.maximum) (\(m.pointerHistory))")
    }

    /// A window made fullscreen and asked to draw only its sliders' area (`CoveredArea`): its own surface shows one
    /// pixel of the background stretched over the output, and the sliders are drawn on a subsurface that
    /// takes no input. The output shows what an offscreen render of the whole window shows, before and after
    /// a drag with the popup out, and the frames' buffers are a fraction of the window's.
    @Test(arguments: CompositorKind.drawingOnlySliderArea, PresentationPath.both)
    func aFullscreenWindowDrawsOnlyWhatItsSlidersCover(_ kind: CompositorKind, _ path: PresentationPath) throws {
        let m = try MatrixCompositor(kind, path: path, createdFullscreen: true, drawsOnlySliderArea: true, kiosk: .sized(width: 1280, height: 720))
        let name = "\(kind), \(path)"
        #expect(m.window.size == m.outputPoints, "\(name): window \(m.window.size), output \(m.outputPoints)")
        let globals = m.window.frameLoop.client.globals
        guard globals.viewporter != nil, globals.subcompositor != nil else {
            #expect(m.window.frameLoop.role is Toplevel, "\(name): without wp_viewporter the window draws everything itself")
            #expect(kind == .cage, "\(name): only cage lacks wp_viewporter or wl_subcompositor")
            return
        }
        let area = try #require(m.window.frameLoop.role as? CoveredArea, "\(name): the sliders are on a subsurface")
        let window = m.window.pixelSize, drawn = area.pixelSize
        #expect(drawn.width * drawn.height * 3 < window.width * window.height, "\(name): \(drawn) drawn of \(window)")
        for frame in m.panel.sliders.map(\.frame) {
            #expect(area.area.union(frame) == area.area, "\(name): \(frame) is inside the area \(area.area)")
        }
        var difference = try m.screenshot().difference(from: m.expectedImage())
        #expect(difference.maximum <= 2, "\(name): max difference \(difference.maximum)")
        guard CompositorKind.withPointer.contains(kind) else { return }
        let volume = m.panel.volume
        try m.movePointer(to: volume.layout.thumbCenter(atPosition: 0.25))
        try m.button(true)
        try m.movePointer(to: volume.layout.thumbCenter(atPosition: 0.6))
        #expect(volume.isTracking && abs(volume.value - 0.6) < 0.01, "\(name): dragged to \(volume.value)")
        try m.settle()
        let shot = try m.screenshot()
        try Renders.save(shot, as: "matrix-\(kind)-\(path.rawValue)-covered-area")
        difference = shot.difference(from: try m.expectedImage())
        #expect(difference.maximum <= 2, "\(name), dragging: max difference \(difference.maximum), \(difference.pixelsOver) pixels over 2")
        try m.button(false)
        #expect(!volume.isTracking)
    }

    /// KWin, labwc, sway 1.10 and GNOME offer wp_fractional_scale_v1: the window draws a buffer of exactly
    /// size x scale pixels, shown 1:1 through a viewport, so the sliders are as crisp as an offscreen render at
    /// that scale.
    @Test(arguments: CompositorKind.fractionalOutputs, PresentationPath.both)
    func aFractionalScaleRendersCrispAtTheFractionalBufferSize(_ output: (kind: CompositorKind, scale: Double), _ path: PresentationPath) throws {
        let (kind, scale) = output
        let m = try MatrixCompositor(kind, path: path, scale: scale)
        #expect(m.window.scale == .fractional(numerator120: UInt32(scale * 120)), "\(kind): \(m.window.scale)")
        let size = m.outputPoints
        #expect(m.window.pixelSize == (Int((size.width * scale).rounded()), Int((size.height * scale).rounded())), "\(kind): \(m.window.pixelSize)")
        let shot = try m.screenshot()
        try Renders.save(shot, as: "matrix-\(kind)-\(path.rawValue)-scale-\(scale)")
        let expected = try m.expectedImage()
        #expect(shot.width == expected.width && shot.height == expected.height, "\(kind), \(path): shown \(shot.width) x \(shot.height)")
        let difference = shot.difference(from: expected)
        #expect(difference.maximum <= 2, "\(kind) at scale \(scale), \(path): max difference \(difference.maximum)")
    }

    /// Frame by frame while the thumb moves: each motion of a drag is drawn as a frame that redraws a small
    /// part of the window (the EGL path through buffer age and swap with damage where the driver has them,
    /// else, as on Debian 12's Mesa, through a retained framebuffer; the wl_shm path through its retained
    /// framebuffer and each buffer's missing damage), and after each the compositor shows exactly
    /// the offscreen render: at scale 1 and 2 (weston) and 1.25 (KWin, wp_fractional_scale_v1).
    @Test(arguments: [(CompositorKind.weston, 1.0), (.weston, 2), (.kwin, 1.25)], PresentationPath.both)
    func everyFrameOfADragShowsExactlyAtEachScale(_ output: (kind: CompositorKind, scale: Double), _ path: PresentationPath) throws {
        let m = try MatrixCompositor(output.kind, path: path, scale: output.scale)
        let name = "\(output.kind) at \(output.scale), \(path)"
        #expect(m.window.presentationPath == path && m.window.scale.factor == output.scale, "\(name): \(m.window.scale)")
        let volume = m.panel.volume
        let pixels = m.window.pixelSize.width * m.window.pixelSize.height
        try m.movePointer(to: volume.layout.thumbCenter(atPosition: 0.25))
        try m.button(true)
        try m.settle()
        for i in 1...6 {
            let before = try m.window.recorded.committedCount
            try m.movePointer(to: volume.layout.thumbCenter(atPosition: 0.25 + 0.1 * Double(i)))
            try m.settle()
            let drawn = try m.window.recorded.committedCount - before
            #expect(drawn >= 1, "\(name), motion \(i): a frame was drawn")
            for frame in try m.window.recorded.frames.suffix(drawn) {
                #expect(frame.redrawnPixels * 10 < pixels, "\(name), motion \(i): \(frame.redrawnPixels) of \(pixels) pixels redrawn")
            }
            let shot = try m.screenshot()
            if i == 6 { try Renders.save(shot, as: "matrix-drag-\(output.kind)-\(output.scale)-\(path.rawValue)") }
            let difference = shot.difference(from: try m.expectedImage())
            #expect(difference.maximum <= 2, "\(name), motion \(i): max difference \(difference.maximum), \(difference.pixelsOver) pixels over 2")
        }
        try m.button(false)
        #expect(!volume.isTracking)
    }

    /// The kiosk: cage configures a fullscreen window 0 x 0 first, and the window takes the output's size
    /// before its first frame. That first frame, and every one after, fills the output: landscape 1280 x 720
    /// (the output turned upside down, so cage composites rather than scanning the buffer out), portrait, and
    /// 1920 x 1080 (cage's output a window in a private sway).
    @Test(arguments: [HeadlessWlroots.KioskOutput.landscape, .portrait, .sized(width: 1920, height: 1080)], PresentationPath.both)
    func aKioskWindowFillsTheOutputFromItsFirstFrame(_ orientation: HeadlessWlroots.KioskOutput, _ path: PresentationPath) throws {
        let m = try MatrixCompositor(.cage, path: path, kiosk: orientation)
        #expect(m.window.size == m.outputPoints, "\(orientation), \(path): window \(m.window.size), output \(m.outputPoints)")
        let shot = try m.screenshot()
        try Renders.save(shot, as: "matrix-cage-\(orientation)-\(path.rawValue)")
        #expect(shot.width == Int(m.outputPoints.width) && shot.height == Int(m.outputPoints.height))
        let difference = shot.difference(from: try m.expectedImage())
        #expect(difference.maximum <= 2, "\(orientation), \(path): max difference \(difference.maximum), \(difference.pixelsOver) pixels over 2")
    }
}
