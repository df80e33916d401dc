/// Key repeat as the compositor's wl_keyboard.repeat_info asks: after `delay` ms held, `rate` repeats a
/// second, for the last key pressed that repeats, until it is released or another key is pressed.
///
/// Deadlines are seconds on the client's monotonic clock; the repeats' own timestamps continue the
/// compositor's millisecond line from the press, so the router sees evenly spaced events.
struct KeyRepeat: Equatable, Sendable {
    /// Repeats per second; 0 turns repeat off.
    private(set) var rate: Int32 = 25
    /// Milliseconds from the press to the first repeat.
    private(set) var delay: Int32 = 600
    /// The held key (evdev code), its keysym, and when it went down (compositor ms, local seconds).
    private(set) var key: UInt32?
    private(set) var keysym: UInt32 = 0
    private var pressTime: UInt32 = 0
    private var pressedAt = 0.0
    private var repeats = 0

    /// Stores the compositor's rate and delay (negative values are treated as 0: no repeat).
    mutating func configure(rate: Int32, delay: Int32) {
        self.rate = max(rate, 0)
        self.delay = max(delay, 0)
    }

    /// A repeating key went down at compositor time `time`, local time `now`.
    mutating func press(key: UInt32, keysym: UInt32, time: UInt32, now: Double) {
        guard rate > 0 else { self.key = nil; return }
        self.key = key
        self.keysym = keysym
        pressTime = time
        pressedAt = now
        repeats = 0
    }

    /// A key went up: the repeat stops if it was the held one.
    mutating func release(key: UInt32) { if key == self.key { self.key = nil } }

    /// Stops repeating (focus left, keymap changed).
    mutating func stop() { key = nil }

    /// Milliseconds from the press to repeat `n` (0-based).
    private func offset(ofRepeat n: Int) -> Double { Double(delay) + Double(n) * 1000 / Double(rate) }

    /// When the next repeat is due, on the local clock; nil when no key repeats.
    var nextDeadline: Double? {
        guard key != nil, rate > 0 else { return nil }
        return pressedAt + offset(ofRepeat: repeats) / 1000
    }

    /// Takes the next repeat due at `now`: its compositor timestamp, or nil when none is due. Call until nil.
    mutating func nextRepeat(dueAt now: Double) -> UInt32? {
        guard let deadline = nextDeadline, deadline <= now else { return nil }
        let time = pressTime &+ UInt32(offset(ofRepeat: repeats).rounded())
        repeats += 1
        return time
    }
}
