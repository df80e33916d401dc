import Foundation
import HeadlessWeston
@_spi(Internals) import SliderCore
import SliderRenderer
import Testing
@_spi(Internals) @testable import SliderWayland
@_spi(Internals) import WaylandSlider

/// The same end-to-end scenarios on every compositor the release packages that runs headless here, each
/// started by the test: weston (input through the project's module), sway and labwc (wlroots' virtual
/// pointer and virtual keyboard; screenshots through wlr-screencopy), the kiosk cage (no virtual input of its
/// own: pointer and keys through the sway that shows its output) and KWin (fake input; screenshots over D-Bus
/// on KWin 5.27, from its X11-windowed output on KWin 6; fractional scale, as labwc). Debian 12 has weston 10,
/// sway 1.7, cage 0.1.4 and KWin 5.27; Debian 13 weston 14, sway 1.10, cage 0.2, KWin 6.3 and labwc 0.8.
/// A compositor that cannot start fails the test.
@Suite(.serialized) struct CompositorMatrixTests {
    @Test(arguments: CompositorKind.onThisRelease, PresentationPath.both)
    func theWindowMapsAndItsFirstFrameMatchesAnOffscreenRender(_ kind: CompositorKind, _ path: PresentationPath) throws {
        let m = try MatrixCompositor(kind, path: path)
        #expect(m.window.isConfigured)
        let shot = try m.screenshot()
        try save(shot, as: "matrix-\(kind)-\(path.rawValue)-first-frame")
        let expected = try m.expectedImage()
        #expect(shot.width == expected.width && shot.height == expected.height,
                "\(kind), \(path): shown \(shot.width) x \(shot.height), window \(m.window.pixelSize)")
        let difference = shot.difference(from: expected)
        #expect(difference.maximum <= 2, "\(kind), \(path): max difference \(difference.maximum)")
    }

    /// On cage the pointer and keys come through the sway that shows cage's output (a `.sized` kiosk on
    /// wlroots' Wayland backend): cage passes its host's input on as its own seat's.
    @Test(arguments: CompositorKind.withPointer, PresentationPath.both)
    func aPointerDragMovesTheValueAndTheNextFrameShowsIt(_ kind: CompositorKind, _ path: PresentationPath) throws {
        let m = try MatrixCompositor(kind, path: path, kiosk: .sized(width: 1280, height: 720))
        let volume = m.panel.volume
        try m.movePointer(to: volume.layout.thumbCenter(atPosition: 0.25))
        try m.button(true)
        try expectEachMoveShown(m, "\(kind), \(path)") { try m.movePointer(to: $0) }
        try m.button(false)
        #expect(!volume.isTracking)
    }

    /// A finger on the thumb drags it as the pointer does, through wl_touch (weston's input module).
    @Test(arguments: CompositorKind.withTouch, PresentationPath.both)
    func aTouchDragMovesTheValueAndTheNextFrameShowsIt(_ kind: CompositorKind, _ path: PresentationPath) throws {
        let m = try MatrixCompositor(kind, path: path)
        let volume = m.panel.volume
        try m.touch(down: true, at: volume.layout.thumbCenter(atPosition: 0.25))
        try expectEachMoveShown(m, "\(kind), \(path)") { try m.touch(at: $0) }
        try m.touch(at: nil)
        #expect(!volume.isTracking && abs(volume.value - 0.7) < 0.01, "\(kind), \(path): released at \(volume.value)")
    }

    /// Moves the held volume thumb to 0.4, 0.55 and 0.7 with `move`; after each, the value is there and the
    /// compositor shows the offscreen render.
    func expectEachMoveShown(_ m: MatrixCompositor, _ name: String, move: (Point) throws -> Void) throws {
        let volume = m.panel.volume
        for position in [0.4, 0.55, 0.7] {
            try move(volume.layout.thumbCenter(atPosition: position))
            #expect(abs(volume.value - position) < 0.01, "\(name): value \(volume.value) after a move to \(position)")
            try m.settle()
            let difference = try m.screenshot().difference(from: m.expectedImage())
            #expect(difference.maximum <= 2, "\(name) at \(position): max difference \(difference.maximum)")
        }
    }

    /// A value set with animation runs to its end with no input and no frame callback to wake the loop, in
    /// the window's own loop and in a host's poll loop (`fileDescriptor`, `timeUntilNextTimer`): the first frame
    /// of an animation can round to the pixels already shown (here the panel's clock has not moved yet, as
    /// a stepped value's early frames do), so nothing is committed and no callback comes; the loop must still
    /// come back. It did not: the panel's thumb stopped at its first animated frame on sway and cage.
    @Test(arguments: CompositorKind.onThisRelease, PresentationPath.both)
    func anAnimatedSetRunsToItsEndInTheWindowsLoopAndInAHostsPollLoop(_ kind: CompositorKind, _ path: PresentationPath) throws {
        let m = try MatrixCompositor(kind, path: path)
        let temperature = m.panel.temperature
        for (loop, target) in [("the window's loop", 27.0), ("a host's poll loop", 17.0)] {
            try temperature.setValue(target, animated: true)
            try m.window.dispatch(timeout: 0)
            #expect(m.window.timeUntilNextTimer != nil || m.window.hasFrameInFlight,
                    "\(kind), \(path), \(loop): an animation that drew nothing new leaves the loop a reason to come back")
            m.panel.clock.advance(by: 1)
            let (start, committed) = (Date(), m.window.frameLoop.committedFrames)
            let done = try m.dispatch(until: { m.window.frameLoop.committedFrames > committed && !m.window.hasFrameInFlight }, timeout: 10) {
                if loop == "the window's loop" {
                    try m.window.dispatch(timeout: 5)
                } else {
                    var descriptor = pollfd(fd: m.window.fileDescriptor, events: Int16(POLLIN), revents: 0)
                    _ = poll(&descriptor, 1, m.window.timeUntilNextTimer.map { Int32(min(($0 * 1000).rounded(.up), 5000)) } ?? 5000)
                    try m.window.dispatch(timeout: 0)
                }
            }
            #expect(done && Date().timeIntervalSince(start) < 4, "\(kind), \(path), \(loop): the loop drew the end by itself (\(Date().timeIntervalSince(start)) s)")
            try m.settle()
            let shot = try m.screenshot()
            try save(shot, as: "matrix-\(kind)-\(path.rawValue)-animated-set-\(Int(target))")
            let difference = shot.difference(from: try m.expectedImage())
            #expect(difference.maximum <= 2, "\(kind), \(path), \(loop): the end of the animation is shown: max difference \(difference.maximum)")
        }
    }

    @Test(arguments: CompositorKind.withKeyboard, PresentationPath.both)
    func aKeyMovesTheFocusedSlider(_ kind: CompositorKind, _ path: PresentationPath) throws {
        let m = try MatrixCompositor(kind, path: path, kiosk: .sized(width: 1280, height: 720))
        let volume = m.panel.volume
        let before = volume.value
        try m.tap([Key.tab, Key.right])
        let moved = try m.dispatch { volume.value > before }
        #expect(moved, "\(kind), \(path): Tab focused the volume and Right moved it: \(volume.value)")
        #expect(m.window.frameLoop.sliders.router.focusedSlider === volume)
    }

    /// One wheel notch over a stepped slider moves it one step (up: toward the maximum). weston's seat sends
    /// axis with axis_discrete; sway and cage (through its host sway) are given the virtual pointer's
    /// axis_discrete; KWin's fake input is a plain wl_pointer.axis of 15 (no axis_value120: no compositor
    /// here sends that for injected input).
    @Test(arguments: CompositorKind.withPointer, PresentationPath.both)
    func aWheelNotchOverASliderMovesItOneStep(_ kind: CompositorKind, _ path: PresentationPath) throws {
        let m = try MatrixCompositor(kind, path: path, kiosk: .sized(width: 1280, height: 720))
        let temperature = m.panel.temperature
        try m.movePointer(to: temperature.layout.thumbCenter(atPosition: 0.5))
        let before = temperature.value
        try m.scroll(notches: -1)
        let moved = try m.dispatch { temperature.value != before }
        #expect(moved && temperature.value == before + 1, "\(kind), \(path): \(before) -> \(temperature.value)")
    }

    /// Where the compositor offers wp_cursor_shape_v1 the pointer gets the compositor's own arrow and no
    /// cursor theme is loaded; elsewhere the theme's arrow is set. Which compositors offer it is checked
    /// too (`offersCursorShape`), so one that stops offering it is noticed.
    @Test(arguments: CompositorKind.withPointer, PresentationPath.both)
    func thePointerGetsTheCompositorsArrowWhereOfferedElseTheThemes(_ kind: CompositorKind, _ path: PresentationPath) throws {
        let m = try MatrixCompositor(kind, path: path, kiosk: .sized(width: 1280, height: 720), showsCursor: true)
        let offered = m.window.client.globals.registry.first("wp_cursor_shape_manager_v1") != nil
        #expect(offered == kind.offersCursorShape, "\(kind): wp_cursor_shape_manager_v1 offered: \(offered)")
        try m.movePointer(to: Point(x: 440, y: 20))
        let cursor = try #require(m.window.client.input.cursor)
        let set = try m.dispatch { cursor.lastSource != nil }
        #expect(set, "\(kind), \(path): the pointer entered the window")
        #expect(cursor.lastSource == (offered ? .shape : .theme), "\(kind), \(path): \(String(describing: cursor.lastSource))")
        #expect(cursor.isThemeLoaded == !offered, "\(kind), \(path): theme loaded: \(cursor.isThemeLoaded)")
    }

    /// Where the compositor offers wp_fifo_v1 and wp_commit_timing_v1, a window asking for either pacing gets
    /// it and draws without waiting for frame callbacks, and no two frames are presented by one repaint; with
    /// fifo every frame is presented (each is shown for a refresh at least). Commit timing may discard a frame:
    /// on a loaded machine a late frame's target and the next one's fell before one repaint (4 of 21 once).
    /// Nor is every timed frame answered: with two busy loops beside it, mutter 48.7 once left the last four
    /// timed commits unapplied for good (its frame clock drops a deferred time that the next frame's predicted
    /// presentation has passed, and the frame that then runs may target an earlier time), so only the frames
    /// answered within 2 s are checked. Elsewhere the window falls back to frame callbacks. Which compositors
    /// offer them is checked too (`offersFramePacing`).
    @Test(arguments: CompositorKind.onThisRelease, PresentationPath.both)
    func fifoAndCommitTimingPaceTheFramesWhereOfferedElseFrameCallbacks(_ kind: CompositorKind, _ path: PresentationPath) throws {
        for pacing in [FramePacing.fifo, .commitTiming] {
            let m = try MatrixCompositor(kind, path: path, kiosk: .sized(width: 1280, height: 720), pacing: pacing)
            let offered = ["wp_fifo_manager_v1", "wp_commit_timing_manager_v1"].map { m.window.client.globals.registry.first($0) != nil }
            #expect(offered == [kind.offersFramePacing, kind.offersFramePacing], "\(kind): fifo, commit timing offered: \(offered)")
            let expected = offered[pacing == .fifo ? 0 : 1] ? pacing : .frameCallbacks
            #expect(m.window.frameLoop.pacing == expected && m.window.statistics?.pacing == expected, "\(kind), \(path), \(pacing)")
            guard expected != .frameCallbacks, let statistics = m.window.statistics else { continue }
            // The frames before the window was shown may be discarded (a compositor may ignore the barrier of a
            // surface it does not show): counted from here, once every earlier frame was answered.
            _ = try m.dispatch(until: { !m.window.frameLoop.awaitsPresentation })
            let before = (committed: statistics.committedCount, presented: statistics.presentedCount, discarded: statistics.discardedCount)
            // A new value as soon as the last one is drawn: as fast as the pacing lets frames through.
            let volume = m.panel.volume
            var step = 0
            let end = MonotonicTime.seconds() + 1
            while MonotonicTime.seconds() < end {
                if !m.window.hasFrameInFlight {
                    step += 1
                    try volume.setValue(Double(step % 50) / 50, animated: false)
                }
                try m.window.dispatch(timeout: 0.005)
            }
            if pacing == .fifo { try m.settle() }
            _ = try m.dispatch(until: { !m.window.frameLoop.awaitsPresentation }, timeout: 2)
            let frames = statistics.frames.suffix(statistics.committedCount - before.committed)
            let presented = statistics.presentedCount - before.presented, discarded = statistics.discardedCount - before.discarded
            #expect(frames.count >= 10, "\(kind), \(path), \(pacing): \(frames.count) frames in a second")
            #expect(presented > 0 && (pacing != .fifo || (presented == frames.count && discarded == 0)),
                    "\(kind), \(path), \(pacing): \(presented) presented, \(discarded) discarded of \(frames.count)")
            #expect(statistics.refreshInterval != nil, "\(kind): the presentation feedback gave the refresh")
            let times = frames.compactMap(\.presentTime)
            let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
            #expect(gaps.allSatisfy { $0 > 0 }, "\(kind), \(path), \(pacing): two frames presented by one repaint: \(gaps.min() ?? 0) s apart")
        }
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

    @Test(arguments: CompositorKind.onThisRelease, PresentationPath.both)
    func theCompositorKilledMidRunEndsTheLoopWithAnErrorWithinASecond(_ kind: CompositorKind, _ path: PresentationPath) throws {
        let m = try MatrixCompositor(kind, path: path, kiosk: .sized(width: 1280, height: 720))
        if CompositorKind.withPointer.contains(kind) {
            try m.movePointer(to: m.panel.volume.layout.thumbCenter(atPosition: 0.25))
            try m.button(true)
            #expect(m.panel.volume.isTracking, "\(kind), \(path): the drag began")
        }
        m.compositor.kill()
        let start = MonotonicTime.seconds()
        var failure: WaylandError?
        do {
            while MonotonicTime.seconds() - start < 5 { try m.window.dispatch(timeout: 0.1) }
        } catch {
            failure = error
        }
        #expect(failure != nil, "\(kind), \(path): the loop noticed")
        #expect(MonotonicTime.seconds() - start < 1, "\(kind), \(path): within a second")
    }

    /// sway asks the window to close (`swaymsg kill`: xdg_toplevel.close) while `run()` dispatches: `run()`
    /// returns, and `onCloseRequested` is told once (it was told by the dispatch that saw the request and
    /// again as `run()` ended).
    @Test(arguments: PresentationPath.both)
    func theCompositorClosingTheWindowTellsOnCloseRequestedOnce(_ path: PresentationPath) throws {
        let m = try MatrixCompositor(.sway, path: path)
        var closeRequests = 0
        m.window.onCloseRequested = { closeRequests += 1 }
        try (m.compositor as? HeadlessWlroots)?.swaymsg(["[title=\"slider matrix\"]", "kill"])
        try m.window.run()
        #expect(m.window.isCloseRequested && closeRequests == 1, "\(path): onCloseRequested called \(closeRequests) times")
    }

    @Test(arguments: CompositorKind.withFullscreen, PresentationPath.both)
    func fullscreenFillsTheOutput(_ kind: CompositorKind, _ path: PresentationPath) throws {
        let m = try MatrixCompositor(kind, path: path, fullscreen: true)
        let filled = try m.dispatch { m.window.size == m.outputPoints }
        #expect(filled, "\(kind), \(path): window \(m.window.size), output \(m.outputPoints)")
        try m.settle()
        let shot = try m.screenshot()
        try save(shot, as: "matrix-\(kind)-\(path.rawValue)-fullscreen")
        let difference = shot.difference(from: try m.expectedImage())
        #expect(difference.maximum <= 2, "\(kind), \(path): max difference \(difference.maximum)")
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
        try save(shot, as: "matrix-\(kind)-\(path.rawValue)-covered-area")
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
        try save(shot, as: "matrix-\(kind)-\(path.rawValue)-scale-\(scale)")
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
            if i == 6 { try save(shot, as: "matrix-drag-\(output.kind)-\(output.scale)-\(path.rawValue)") }
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
        try save(shot, as: "matrix-cage-\(orientation)-\(path.rawValue)")
        #expect(shot.width == Int(m.outputPoints.width) && shot.height == Int(m.outputPoints.height))
        let difference = shot.difference(from: try m.expectedImage())
        #expect(difference.maximum <= 2, "\(orientation), \(path): max difference \(difference.maximum), \(difference.pixelsOver) pixels over 2")
    }
}
