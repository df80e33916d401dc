import Foundation
import HeadlessWeston
@_spi(Internals) import SliderCore
import SliderRenderer
import Testing
@testable import SliderWayland
import WaylandSlider

/// The same end-to-end scenarios on every compositor Debian 12 packages that runs headless here, each
/// started by the test: weston 10 (input through the project's module), sway 1.7 (wlroots' virtual pointer
/// and virtual keyboard; screenshots through wlr-screencopy), the kiosk cage 0.1.4 (no virtual input: the
/// scenarios without input) and KWin 5.27 (`--virtual`; fake input, screenshots over D-Bus, fractional
/// scale). A compositor that cannot start fails the test.
@Suite(.serialized) struct CompositorMatrixTests {
    @Test(arguments: CompositorKind.allCases)
    func theWindowMapsAndItsFirstFrameMatchesAnOffscreenRender(_ kind: CompositorKind) throws {
        let m = try MatrixCompositor(kind)
        #expect(m.window.isConfigured)
        let shot = try m.screenshot()
        try save(shot, as: "matrix-\(kind)-first-frame")
        let expected = try m.expectedImage()
        #expect(shot.width == expected.width && shot.height == expected.height,
                "\(kind): shown \(shot.width) x \(shot.height), window \(m.window.pixelSize)")
        let difference = shot.difference(from: expected)
        #expect(difference.maximum <= 2, "\(kind): max difference \(difference.maximum)")
    }

    @Test(arguments: CompositorKind.withInput)
    func aPointerDragMovesTheValueAndTheNextFrameShowsIt(_ kind: CompositorKind) throws {
        let m = try MatrixCompositor(kind)
        let volume = m.panel.volume
        let start = volume.layout.thumbCenter(atPosition: 0.25)
        try m.movePointer(to: start)
        try m.button(true)
        for position in [0.4, 0.55, 0.7] {
            try m.movePointer(to: volume.layout.thumbCenter(atPosition: position))
            #expect(abs(volume.value - position) < 0.01, "\(kind): value \(volume.value) after a move to \(position)")
            try m.settle()
            let difference = try m.screenshot().difference(from: m.expectedImage())
            #expect(difference.maximum <= 2, "\(kind) at \(position): max difference \(difference.maximum)")
        }
        try m.button(false)
        #expect(!volume.isTracking)
    }

    @Test(arguments: CompositorKind.withInput)
    func aKeyMovesTheFocusedSlider(_ kind: CompositorKind) throws {
        let m = try MatrixCompositor(kind)
        let volume = m.panel.volume
        let before = volume.value
        try m.tap([Key.tab, Key.right])
        let moved = try m.dispatch { volume.value > before }
        #expect(moved, "\(kind): Tab focused the volume and Right moved it: \(volume.value)")
        #expect(m.window.frameLoop.sliders.router.focusedSlider === volume)
    }

    /// One wheel notch over a stepped slider moves it one step (up: toward the maximum). weston's seat sends
    /// axis with axis_discrete, KWin's fake input a plain wl_pointer.axis of 15 (no axis_value120: no
    /// compositor here sends that for injected input).
    @Test(arguments: [CompositorKind.weston, .kwin])
    func aWheelNotchOverASliderMovesItOneStep(_ kind: CompositorKind) throws {
        let m = try MatrixCompositor(kind)
        let temperature = m.panel.temperature
        try m.movePointer(to: temperature.layout.thumbCenter(atPosition: 0.5))
        let before = temperature.value
        try m.scroll(notches: -1)
        let moved = try m.dispatch { temperature.value != before }
        #expect(moved && temperature.value == before + 1, "\(kind): \(before) -> \(temperature.value)")
    }

    @Test(arguments: CompositorKind.allCases)
    func nothingIsDrawnWhileNothingChanges(_ kind: CompositorKind) throws {
        let m = try MatrixCompositor(kind)
        try m.window.recorded.reset()
        let end = MonotonicTime.seconds() + 2
        while MonotonicTime.seconds() < end { try m.window.dispatch(timeout: max(0, end - MonotonicTime.seconds())) }
        let idleFrames = try m.window.recorded.committedCount
        #expect(idleFrames == 0, "\(kind): \(idleFrames) frames while idle")
    }

    @Test(arguments: CompositorKind.allCases)
    func theCompositorKilledMidRunEndsTheLoopWithAnErrorWithinASecond(_ kind: CompositorKind) throws {
        let m = try MatrixCompositor(kind)
        if CompositorKind.withInput.contains(kind) {
            try m.movePointer(to: m.panel.volume.layout.thumbCenter(atPosition: 0.25))
            try m.button(true)
            #expect(m.panel.volume.isTracking, "\(kind): the drag began")
        }
        m.compositor.kill()
        let start = MonotonicTime.seconds()
        var failure: WaylandError?
        do {
            while MonotonicTime.seconds() - start < 5 { try m.window.dispatch(timeout: 0.1) }
        } catch {
            failure = error
        }
        #expect(failure != nil, "\(kind): the loop noticed")
        #expect(MonotonicTime.seconds() - start < 1, "\(kind): within a second")
    }

    @Test(arguments: CompositorKind.withFullscreen)
    func fullscreenFillsTheOutput(_ kind: CompositorKind) throws {
        let m = try MatrixCompositor(kind, fullscreen: true)
        let filled = try m.dispatch { m.window.size == m.outputPoints }
        #expect(filled, "\(kind): window \(m.window.size), output \(m.outputPoints)")
        try m.settle()
        let shot = try m.screenshot()
        try save(shot, as: "matrix-\(kind)-fullscreen")
        let difference = shot.difference(from: try m.expectedImage())
        #expect(difference.maximum <= 2, "\(kind): max difference \(difference.maximum)")
    }

    /// KWin offers wp_fractional_scale_v1: the window draws a buffer of exactly size x scale pixels, shown 1:1
    /// through a viewport, so the sliders are as crisp as an offscreen render at that scale.
    @Test(arguments: [1.25, 1.5])
    func aFractionalScaleRendersCrispAtTheFractionalBufferSize(_ scale: Double) throws {
        let m = try MatrixCompositor(.kwin, scale: scale)
        #expect(m.window.scale == .fractional(numerator120: UInt32(scale * 120)), "\(m.window.scale)")
        #expect(m.window.pixelSize == (Int((1280 * scale).rounded()), Int((720 * scale).rounded())), "\(m.window.pixelSize)")
        let shot = try m.screenshot()
        try save(shot, as: "matrix-kwin-scale-\(scale)")
        let expected = try m.expectedImage()
        #expect(shot.width == expected.width && shot.height == expected.height, "shown \(shot.width) x \(shot.height)")
        let difference = shot.difference(from: expected)
        #expect(difference.maximum <= 2, "scale \(scale): max difference \(difference.maximum)")
    }
}
