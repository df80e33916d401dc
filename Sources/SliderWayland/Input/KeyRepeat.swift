/// Key repeat as the compositor's wl_keyboard.repeat_info asks: after `delay` ms held, `rate` repeats a
/// second, for the last key pressed that repeats, until it is released or another key is pressed.
///
/// Deadlines are seconds on the client's monotonic clock; the repeats' own timestamps continue the
/// compositor's millisecond line from the press, so the router sees evenly spaced events. The compositor's
/// line decides: a key event at time t first takes the repeats timed at or before t (`nextRepeat(upTo:)`),
/// so a client that was busy while the key was held repeats as often as the compositor saw it held, and a
/// replay of the same events repeats the same, whatever either was doing at the time. (At or before: the
/// clock may fire a repeat in the millisecond the key is released in, as the compositor's times are whole
/// milliseconds; a replay must then fire it too.)
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
    var nextDeadline: Double? { nextDeadline(upTo: nil) }

    /// When the next repeat timed at or before `horizon` (compositor ms, when given) is due, on the local
    /// clock; nil when there is none.
    func nextDeadline(upTo horizon: UInt32?) -> Double? {
        guard key != nil, rate > 0 else { return nil }
        if let horizon, Int32(bitPattern: horizon &- nextTime) < 0 { return nil }
        return pressedAt + offset(ofRepeat: repeats) / 1000
    }

    /// The compositor timestamp of the next repeat.
    private var nextTime: UInt32 { pressTime &+ UInt32(offset(ofRepeat: repeats).rounded()) }

    /// Takes the next repeat due at `now` and timed at or before `horizon` (compositor ms, when given): its
    /// compositor timestamp, or nil when none is due. Call until nil.
    mutating func nextRepeat(dueAt now: Double, upTo horizon: UInt32? = nil) -> UInt32? {
        guard let deadline = nextDeadline(upTo: horizon), deadline <= now else { return nil }
        return takeRepeat()
    }

    /// Takes the next repeat timed at or before `time` (compositor ms: an event at `time` follows it), whatever
    /// the local clock says. Call until nil.
    mutating func nextRepeat(upTo time: UInt32) -> UInt32? {
        guard key != nil, rate > 0, Int32(bitPattern: time &- nextTime) >= 0 else { return nil }
        return takeRepeat()
    }

    private mutating func takeRepeat() -> UInt32 {
        let time = nextTime
        repeats += 1
        return time
    }
}
