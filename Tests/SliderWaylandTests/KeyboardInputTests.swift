import Foundation
@_spi(Internals) import SliderCore
import Testing
@testable import SliderWayland
import WaylandSlider

/// Keys injected into weston's seat reach the focused slider through wl_keyboard and xkbcommon.
@Suite(.serialized) struct KeyboardInputTests {
    @Test func arrowsHomeAndEndMoveTheFocusedSlider() throws {
        let f = try WindowFixture()
        let temperature = f.panel.temperature
        try f.input.tap(key: Key.tab)
        try f.input.tap(key: Key.tab)
        #expect(f.window.frameLoop.sliders.router.focusedSlider === temperature, "two Tabs focus the second slider")
        try f.input.tap(key: Key.right)
        #expect(temperature.value == 21)
        try f.input.tap(key: Key.left)
        try f.input.tap(key: Key.left)
        #expect(temperature.value == 19)
        try f.input.tap(key: Key.end)
        #expect(temperature.value == 28)
        try f.input.tap(key: Key.home)
        #expect(temperature.value == 16)
        let diff = try f.compareWithOffscreenRender("keyboard-home")
        #expect(diff.maximum <= 2, "max difference \(diff.maximum)")
    }

    @Test func aHeldArrowRepeatsAtTheCompositorsRate() throws {
        let f = try WindowFixture()
        let temperature = f.panel.temperature
        try f.input.tap(key: Key.tab)
        try f.input.tap(key: Key.tab)
        try f.input.press(key: Key.right)
        // weston here: 400 ms delay, 40 repeats a second. Held for 0.6 s: about 8 repeats.
        let end = Date().addingTimeInterval(0.6)
        while Date() < end { try f.window.dispatch(timeout: 0.01) }
        try f.input.release(key: Key.right)
        let moved = temperature.value - 20
        #expect(moved >= 4 && moved <= 8, "press + repeats moved \(moved) steps (clamped at 28)")
    }
}

@Suite(.serialized) struct EmbeddedLoopTests {
    /// An application's own poll loop: it watches `fileDescriptor`, waits at most `timeUntilNextTimer`, and
    /// calls `dispatch(timeout: 0)`; key repeat (a timer, not a Wayland event) still fires.
    @Test func aForeignPollLoopDrivesTheWindowAndItsTimers() throws {
        let f = try WindowFixture()
        let temperature = f.panel.temperature
        try f.input.tap(key: Key.tab)
        try f.input.tap(key: Key.tab)
        try f.input.press(key: Key.right)
        var timerWakeups = 0
        let end = Date().addingTimeInterval(0.6)
        while Date() < end {
            var descriptor = pollfd(fd: f.window.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let timer = f.window.timeUntilNextTimer
            let wait = Int32(min((timer ?? 0.05) * 1000, 50).rounded(.up))
            if poll(&descriptor, 1, wait) == 0, timer != nil { timerWakeups += 1 }
            try f.window.dispatch(timeout: 0)
        }
        try f.input.release(key: Key.right)
        #expect(temperature.value - 20 >= 4, "repeats through the foreign loop moved \(temperature.value - 20) steps")
        #expect(timerWakeups > 0, "the loop woke for the repeat timer")
    }
}

@Suite(.serialized) struct ReplayedInputTests {
    /// Recorded key codes replayed through the client's own translation (xkbcommon's default keymap), with
    /// no keyboard_enter first: they reach the focused slider as the compositor's would.
    @Test func replayedKeysGoThroughTheDefaultKeymap() throws {
        let f = try WindowFixture()
        var time: UInt32 = 100
        func tap(_ key: UInt32) {
            time += 20
            f.window.replay(InputEvent(time: time, .key(keysym: Keysym.none, state: .pressed, modifiers: [], code: key)))
            f.window.replay(InputEvent(time: time + 5, .key(keysym: Keysym.none, state: .released, modifiers: [], code: key)))
        }
        tap(Key.tab)
        tap(Key.tab)
        tap(Key.right)
        tap(Key.right)
        try f.input.waitForPresentation()
        #expect(f.panel.temperature.value == 22)
        let diff = try f.compareWithOffscreenRender("replayed-keys")
        #expect(diff.maximum <= 2, "max difference \(diff.maximum)")
    }

    /// What the compositor sends is reported for recording; replayed events are not.
    @Test func liveInputIsReportedForRecordingAndReplayIsNot() throws {
        let f = try WindowFixture()
        var recorded: [InputEvent] = []
        f.window.onInput = { recorded.append($0) }
        try f.input.movePointer(to: Point(x: 100, y: 42))
        // weston 10 sends an enter and a motion to the point, weston 14 the enter alone.
        let point = Point(x: 100, y: 42)
        #expect(recorded.contains { $0.kind == .pointerMotion(point) || $0.kind == .pointerEnter(point) }, "\(recorded)")
        let count = recorded.count
        f.window.replay(InputEvent(time: 1, .pointerMotion(Point(x: 120, y: 42))))
        #expect(recorded.count == count)
    }
}
