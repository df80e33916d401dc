import SliderCore

/// `idle:` in a panel file: when the panel dims and when it turns off after its last input, how dim, and what
/// it dims.
package struct IdleSettings: Equatable {
    /// Seconds without input before the panel dims; nil: it does not.
    package var dimAfter: Double?
    /// The brightness it dims to, 0 to 1, of the brightness it found.
    package var dimTo = 0.2
    /// Seconds without input before the panel turns off (black, the backlight at 0); nil: it does not.
    package var offAfter: Double?
    /// What dims.
    package var backlight = Backlight.automatic

    /// `backlight:` in `idle:`.
    package enum Backlight: Equatable {
        /// The first writable /sys/class/backlight device, else the panel's own pixels.
        case automatic
        /// The panel's own pixels only.
        case pixels
        /// This backlight device's folder (`/sys/class/backlight/NAME`: its `brightness` and `max_brightness`).
        case device(String)
    }

    /// The keys of `idle:`.
    package enum Key: String, CaseIterable {
        case dimAfter = "dim-after", dimTo = "dim-to", offAfter = "off-after", backlight
    }

    /// The longest wait a file may give: a day.
    package static let longestWait = 86_400.0
}

/// The panel's idle state from the time of its last input: awake, dimmed, off. Times are seconds on one
/// monotonic clock.
package struct IdleClock {
    package enum State: Equatable { case awake, dimmed, off }

    package let settings: IdleSettings
    package private(set) var lastInput: Double

    package init(_ settings: IdleSettings, now: Double) {
        self.settings = settings
        lastInput = now
    }

    /// Input came at `now`.
    package mutating func input(at now: Double) { lastInput = Swift.max(lastInput, now) }

    /// The state at `now`.
    package func state(at now: Double) -> State {
        let idle = now - lastInput
        if let off = settings.offAfter, idle >= off { return .off }
        if let dim = settings.dimAfter, idle >= dim { return .dimmed }
        return .awake
    }

    /// When the state next changes without input; nil when it will not.
    package func nextChange(after now: Double) -> Double? {
        [settings.dimAfter, settings.offAfter].compactMap { $0.map { lastInput + $0 } }.filter { $0 > now }.min()
    }
}

/// Which input a waking panel keeps from the sliders: the gesture that woke it, until it ends (every button,
/// touch and key it pressed released; a wheel step's frame). Fed every event before the sliders see it.
package struct WakingGesture {
    private var buttons = 0, touches = 0, keys = 0
    private var waitsForFrame = false
    /// True while the events belong to the waking gesture.
    package private(set) var isHeld = false

    package init() {}

    /// Whether `event` begins something a slider would act on: a press, a touch, a key, a wheel step.
    package static func begins(_ event: InputEvent) -> Bool {
        switch event.kind {
        case .pointerButton(_, .pressed), .touchDown, .key(_, .pressed, _, _), .pointerAxis, .pointerAxisValue120, .pointerAxisDiscrete: true
        default: false
        }
    }

    /// The panel woke on `event`: it and the rest of its gesture are held (motion alone holds nothing).
    package mutating func begin(with event: InputEvent) {
        (buttons, touches, keys, waitsForFrame) = (0, 0, 0, false)
        isHeld = true
        take(event)
        if !waitsForFrame && buttons == 0 && touches == 0 && keys == 0 { isHeld = false }
    }

    /// An event while held; releases the hold when the gesture has ended (the ending event passes: it moves
    /// nothing, the sliders having seen no press).
    package mutating func take(_ event: InputEvent) {
        guard isHeld else { return }
        switch event.kind {
        case .pointerButton(_, .pressed): buttons += 1
        case .pointerButton(_, .released): buttons = Swift.max(0, buttons - 1)
        case .touchDown: touches += 1
        case .touchUp: touches = Swift.max(0, touches - 1)
        case .touchCancel: touches = 0
        case .key(_, .pressed, _, _): keys += 1
        case .key(_, .released, _, _): keys = Swift.max(0, keys - 1)
        case .pointerAxis, .pointerAxisValue120, .pointerAxisDiscrete: waitsForFrame = true
        case .pointerFrame: waitsForFrame = false
        case .pointerLeave, .keyboardLeave: (buttons, keys) = (0, 0)
        default: break
        }
        if buttons == 0 && touches == 0 && keys == 0 && !waitsForFrame {
            switch event.kind {
            case .pointerButton(_, .released), .touchUp, .touchCancel, .key(_, .released, _, _), .pointerFrame, .touchFrame, .pointerLeave, .keyboardLeave:
                isHeld = false
            default: break
            }
        }
    }
}
