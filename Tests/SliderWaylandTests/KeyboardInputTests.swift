import Foundation
import PrivateCompositors
@_spi(Internals) import SliderCore
@_spi(Internals) @testable import SliderWayland
import Testing
@_spi(Internals) import WaylandSlider

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
        let hold = try HeldKey(f)
        try hold.press(until: 3) { try f.window.dispatch(timeout: 0.05) }
        try hold.releaseAndCheck()
    }
}

/// Right held on the temperature slider (20, stepped by 1 to 28; focused by two Tabs) and released once the
/// slider has moved: the steps it took are counted against the compositor's times of the press and the
/// release and its repeat_info (the press, and one step per repeat timed at or before the release; the
/// wall clock plays no part, so a loaded machine repeats the same).
struct HeldKey {
    final class Times {
        var pressed: UInt32?, released: UInt32?
    }
    let f: WindowFixture
    let times = Times()

    init(_ f: WindowFixture) throws {
        self.f = f
        let times = times
        f.window.onInput = { event in
            switch event.kind {
            case .key(_, .pressed, _, _): times.pressed = event.time
            case .key(_, .released, _, _): times.released = event.time
            default: break
            }
        }
        try f.input.tap(key: Key.tab)
        try f.input.tap(key: Key.tab)
        #expect(f.window.frameLoop.sliders.router.focusedSlider === f.panel.temperature)
    }

    /// Presses Right and runs `loop` until the slider has moved `steps` steps (10 s at most).
    func press(until steps: Double, loop: () throws -> Void) throws {
        times.released = nil
        try f.input.press(key: Key.right)
        let deadline = MonotonicTime.seconds() + 10
        while f.panel.temperature.value - 20 < steps {
            guard MonotonicTime.seconds() < deadline else { Issue.record("moved \(f.panel.temperature.value - 20) steps in 10 s"); break }
            try loop()
        }
    }

    /// Releases Right and checks the steps taken against the compositor's times.
    func releaseAndCheck() throws {
        try f.input.release(key: Key.right)
        let deadline = MonotonicTime.seconds() + 10
        while times.released == nil, MonotonicTime.seconds() < deadline { try f.window.dispatch(timeout: 0.05) }
        // The compositor's repeat_info, as the seat's keyboard took it (it came with the keyboard's enter).
        let keyboard = try #require(f.window.frameLoop.client.input.seats.compactMap(\.keyboard).first)
        let rate = keyboard.repeating.rate, delay = keyboard.repeating.delay
        let pressed = try #require(times.pressed), released = try #require(times.released)
        #expect(rate > 0, "weston repeats keys: \(rate) a second after \(delay) ms")
        let held = Double(released &- pressed)
        let repeats = (0...).prefix { (Double(delay) + Double($0) * 1000 / Double(rate)).rounded() <= held }.count
        #expect(f.panel.temperature.value - 20 == Double(min(1 + repeats, 8)),
                "held \(held) ms (\(delay) ms, then \(rate) a second): \(repeats) repeats; moved \(f.panel.temperature.value - 20) (clamped at 28)")
    }
}

@Suite(.serialized) struct EmbeddedLoopTests {
    /// An application's own poll loop: it watches `fileDescriptor`, waits at most `timeUntilNextTimer`, and
    /// calls `dispatch(timeout: 0)`; key repeat (a timer, not a Wayland event) still fires.
    @Test func aForeignPollLoopDrivesTheWindowAndItsTimers() throws {
        let f = try WindowFixture()
        let hold = try HeldKey(f)
        var timerWakeups = 0
        try hold.press(until: 4) {
            var descriptor = pollfd(fd: f.window.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let timer = f.window.timeUntilNextTimer
            let wait = Int32(min((timer ?? 0.05) * 1000, 50).rounded(.up))
            if poll(&descriptor, 1, wait) == 0, timer != nil { timerWakeups += 1 }
            try f.window.dispatch(timeout: 0)
        }
        try hold.releaseAndCheck()
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
