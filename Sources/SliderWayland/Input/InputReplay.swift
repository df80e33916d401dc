import SliderCore

/// Recorded input fed through a frame loop's input path, as if the compositor had sent it (not reported to
/// the loop's `onInput`). A key that names no keysym is looked up by its evdev code in xkbcommon's default
/// keymap by a keyboard of the replay's own, and held keys repeat; a key before any keyboard_enter enters
/// first.
///
/// A replayed key's repeats follow the script's timeline: those timed at or before an event are delivered
/// before it, and the time of the event the player feeds next, when known, holds back the clock's repeats
/// after that time, so a player that falls behind its script repeats a key no longer than the script held it.
/// The event loop fires the repeats (`TimedEventSource`), before its frame loops' timers.
package final class InputReplay: TimedEventSource {
    private unowned let frameLoop: FrameLoop
    /// Made on the first key; nil until then, or when no keymap could be compiled.
    private var keyboard: KeyboardDevice?
    /// The time of the next event the player will feed: the keyboard's clock repeats stop at it.
    private var horizon: UInt32?

    /// A replay into `frameLoop`'s surface, its repeats fired by the loop's event loop.
    package init(into frameLoop: FrameLoop) {
        self.frameLoop = frameLoop
        frameLoop.client.eventLoop.add(self)
    }

    /// Feeds `event`; `nextEventTime` is the time of the event fed after it, when known. Returns false for a key
    /// event when no keymap could be compiled.
    @discardableResult
    package func replay(_ event: InputEvent, nextEventTime: UInt32? = nil) -> Bool {
        keyboard?.fireRepeats(upTo: event.time)
        defer { horizon = nextEventTime }
        switch event.kind {
        case .keyboardEnter, .keyboardLeave, .keyRepeatInfo, .key: return replayKey(event)
        default:
            frameLoop.receive(event, recorded: false, preciseTime: nil)
            return true
        }
    }

    private func replayKey(_ event: InputEvent) -> Bool {
        if keyboard == nil {
            guard let keymap = Keymap() else { return false }
            keyboard = KeyboardDevice(proxy: nil, delivery: frameLoop.client.input, keymap: keymap)
        }
        guard let keyboard else { return false }
        let surface = frameLoop.role.inputSurface.proxy
        switch event.kind {
        case .keyboardEnter: keyboard.enter(surface)
        case .keyboardLeave: keyboard.leave()
        case .keyRepeatInfo(let rate, let delay): keyboard.configureRepeat(rate: rate, delay: delay)
        case .key(let keysym, let state, let modifiers, let code):
            // A script that starts typing without a keyboard_enter types into the window anyway.
            if keyboard.focus == nil { keyboard.enter(surface) }
            guard state != .repeated else { return true }
            keyboard.key(time: event.time, code: code, pressed: state == .pressed, keysym: keysym,
                         modifiers: keysym == Keysym.none && modifiers.isEmpty ? nil : modifiers)
        default: return false
        }
        return true
    }

    var nextTimerDeadline: Double? { keyboard?.nextDeadline(upTo: horizon) }

    func fireTimers(now: Double) { keyboard?.fireRepeats(now: now, upTo: horizon) }
}
