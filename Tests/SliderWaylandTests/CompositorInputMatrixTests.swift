import Foundation
import PrivateCompositors
@_spi(Internals) import SliderCore
import SliderRenderer
@_spi(Internals) @testable import SliderWayland
import Testing
@_spi(Internals) import WaylandSlider

/// Input, pacing and the loop's end on every compositor `CompositorMatrixTests` draws on, started the same way
/// (`MatrixCompositor`): pointer, touch, keys and the wheel moving the sliders, the cursor, an animated set
/// run to its end, fifo and commit timing, and the compositor killed or closing the window. Serialized, as
/// that suite is, and run beside it.
@Suite(.serialized) struct CompositorInputMatrixTests {
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

    /// A finger on the thumb drags it as the pointer does, through wl_touch: weston's input module, GNOME's
    /// remote desktop, and on sway, cage, labwc and KWin weston's touchscreen passed on by their Wayland backend.
    @Test(arguments: CompositorKind.withTouch, PresentationPath.both)
    func aTouchDragMovesTheValueAndTheNextFrameShowsIt(_ kind: CompositorKind, _ path: PresentationPath) throws {
        let m = try MatrixCompositor(kind, path: path, touchscreen: true)
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
            try Renders.save(shot, as: "matrix-\(kind)-\(path.rawValue)-animated-set-\(Int(target))")
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
    /// answered within 2 s are checked. Before the window nudged a timed commit left unapplied
    /// (`FrameLoop.nudgeTimedCommit`), GNOME with commit timing and wl_shm stopped it after 7 to 10 frames (3
    /// of 7 runs beside three busy loops): mutter held the commit, and with it the window's buffers. Elsewhere
    /// the window falls back to frame callbacks. Which compositors offer them is checked too (`offersFramePacing`).
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
            #expect(frames.count >= 10, "\(kind), \(path), \(pacing): \(frames.count) frames in a second (\(statistics.nudgedCommits) nudges)")
            #expect(presented > 0 && (pacing != .fifo || (presented == frames.count && discarded == 0)),
                    "\(kind), \(path), \(pacing): \(presented) presented, \(discarded) discarded of \(frames.count)")
            #expect(statistics.refreshInterval != nil, "\(kind): the presentation feedback gave the refresh")
            let times = frames.compactMap(\.presentTime)
            let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
            #expect(gaps.allSatisfy { $0 > 0 }, "\(kind), \(path), \(pacing): two frames presented by one repaint: \(gaps.min() ?? 0) s apart")
        }
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
}
