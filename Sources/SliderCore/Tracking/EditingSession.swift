/// The bookkeeping of a slider's editing, beside `TrackingEngine` (which knows geometry, not values): which
/// gestures are editing now, the values when editing began (a cancel restores them), what was last reported
/// per thumb, and which changes wait to be reported (continuous off, or inside the rate limit).
///
/// Every source takes the same path: `begin`, value changes through `decide(thumb:time:...)` and
/// `take(_:ofThumb:)`, then `end` or `cancel`. Pointer and touch gestures begin and end when the engine says
/// so; the keyboard's gesture lasts from a key press to that key's release; wheel notches and accessibility
/// actions are adjustments, sessions that begin and end within one call (they report their change at once
/// and, as in UIKit, announce no editing of their own). A value type with no callbacks: the slider asks it
/// what to do and emits the events itself.
struct EditingSession: Sendable {
    /// Gestures editing now (pointer, touch points, the keyboard, an adjustment in progress).
    private(set) var gestureCount = 0
    /// The keysym whose press began the keyboard's gesture, nil when the keyboard is not editing.
    private(set) var keyboardKeysym: UInt32?
    /// Values of both thumbs when the session began.
    private(set) var valuesAtBegin: ThumbPair<Double> = ThumbPair(0, 0)
    /// The last value reported per thumb during the session.
    private(set) var reported: ThumbPair<Double> = ThumbPair(0, 0)
    /// Bit per thumb: a change not yet reported.
    private(set) var pendingThumbs: UInt8 = 0
    private var lastReportTime = -Double.infinity
    /// True while only adjustments are editing (no gesture announced `editingChanged`).
    private(set) var isAdjustmentOnly = false

    /// True while any gesture edits the value.
    var isEditing: Bool { gestureCount > 0 }

    /// How a value change made during the session is reported.
    enum Report: Equatable, Sendable {
        /// Report it now.
        case now
        /// Hold it for the end of the session or the next report (continuous off, or inside the interval).
        case later
    }

    /// What a cancel undid.
    struct Cancellation: Equatable, Sendable {
        /// Bit per thumb to restore to `valuesAtBegin`.
        var thumbs: UInt8
        /// True when no gesture edits any more: the session ended with the cancel.
        var endsSession: Bool
    }

    // MARK: Begin and end

    /// A gesture begins editing with the thumbs at `values`. Returns true when it opens the session (the
    /// slider announces `editingChanged(true)`).
    mutating func begin(values: ThumbPair<Double>) -> Bool {
        gestureCount += 1
        if gestureCount > 1 {
            isAdjustmentOnly = false
            return false
        }
        isAdjustmentOnly = false
        open(values: values)
        return true
    }

    /// A gesture ends. Returns true when it closes the session (the slider announces `editingChanged(false)`).
    mutating func end() -> Bool {
        guard gestureCount > 0 else { return false }
        gestureCount -= 1
        return gestureCount == 0
    }

    /// A key press that moves a thumb: begins the keyboard's gesture unless it is editing already (a second
    /// key takes it over). Returns true when it opens the session.
    mutating func pressKey(_ keysym: UInt32, values: ThumbPair<Double>) -> Bool {
        defer { keyboardKeysym = keysym }
        return keyboardKeysym == nil ? begin(values: values) : false
    }

    /// A key release: ends the keyboard's gesture when `keysym` holds it. Nil when it does not (the release
    /// is not the slider's); else whether the session closed.
    mutating func releaseKey(_ keysym: UInt32) -> Bool? {
        guard keyboardKeysym == keysym else { return nil }
        keyboardKeysym = nil
        return end()
    }

    /// A wheel notch or accessibility action begins: a gesture for the length of one call. Returns true
    /// when it opens the session on its own (no other gesture edits, so no editing is announced).
    mutating func beginAdjustment(values: ThumbPair<Double>) -> Bool {
        let opens = !isEditing
        gestureCount += 1
        if opens {
            open(values: values)
            isAdjustmentOnly = true
        }
        return opens
    }

    /// The adjustment ends. Returns true when it closes the session it opened.
    mutating func endAdjustment() -> Bool {
        let closes = end()
        if closes { isAdjustmentOnly = false }
        return closes
    }

    private mutating func open(values: ThumbPair<Double>) {
        valuesAtBegin = values
        reported = values
        pendingThumbs = 0
        lastReportTime = -.infinity
    }

    // MARK: Cancel

    /// Cancels the engine's `trackingGestures` begun gestures (moving `trackingThumbs`) and, when
    /// `includesKeyboard`, the keyboard's gesture (moving `keyboardThumb`). Nil when nothing editing was
    /// cancelled. When the session ends with it, every thumb is restored (a cancel puts the slider back as
    /// it was when editing began).
    mutating func cancel(trackingGestures: Int, trackingThumbs: UInt8, includesKeyboard: Bool, keyboardThumb: Int,
                         thumbCount: Int) -> Cancellation? {
        var cancelled = trackingGestures
        var thumbs = trackingThumbs
        if includesKeyboard, keyboardKeysym != nil {
            keyboardKeysym = nil
            cancelled += 1
            thumbs |= 1 << keyboardThumb
        }
        guard cancelled > 0 else { return nil }
        gestureCount = Swift.max(0, gestureCount - cancelled)
        if gestureCount == 0 { thumbs = thumbCount == 2 ? 0b11 : 0b01 }
        return Cancellation(thumbs: thumbs, endsSession: gestureCount == 0)
    }

    // MARK: Reports

    /// How a change of `thumb` at input time `time` is reported: at once outside a session, else per
    /// `isContinuous` and the shortest `interval` between reports. A held report marks the thumb pending.
    mutating func decide(thumb: Int, time: Double, isContinuous: Bool, interval: Double) -> Report {
        guard isEditing, !isAdjustmentOnly else { return .now }
        if !isContinuous || time - lastReportTime < interval {
            pendingThumbs |= 1 << thumb
            return .later
        }
        lastReportTime = time
        return .now
    }

    /// Marks `thumb`'s change as pending (a snap at the end of a gesture).
    mutating func markPending(thumb: Int) { pendingThumbs |= 1 << thumb }

    /// True when `thumb` has a change waiting to be reported.
    func isPending(thumb: Int) -> Bool { pendingThumbs & (1 << thumb) != 0 }

    /// Takes `value` as `thumb`'s report: clears its pending mark and returns true when it differs from the
    /// value last reported (the slider then emits `valueChanged`).
    mutating func take(_ value: Double, ofThumb thumb: Int) -> Bool {
        pendingThumbs &= ~(1 << thumb)
        guard reported[thumb] != value else { return false }
        reported[thumb] = value
        return true
    }
}
