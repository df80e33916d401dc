import SliderCore
import SliderPanel
@_spi(Internals) import WaylandSlider

/// A panel's `idle:` on its window: dimmed after `dim-after` seconds without input, off after `off-after`, awake
/// again at the next input, whose gesture wakes the panel only (`WakingGesture`: no slider sees it). Idle is the
/// compositor's where it offers ext-idle-notify-v1 (input anywhere on the seat counts), else the panel's own
/// input (`IdleClock`). Dimming goes
/// through a backlight device the session may set (`SysfsBacklight`), else the window's own pixels
/// (`SliderWindow.brightness`); off is black pixels and the backlight at 0. The brightness found is put back
/// when the panel wakes and when it exits (`restore()`).
final class IdleDimming {
    private var clock: IdleClock
    private var state = IdleClock.State.awake
    private let backlight: SysfsBacklight?
    private unowned let window: SliderWindow
    private var waking = WakingGesture()
    private let log: (String) -> Void
    /// The compositor's idle notifications (dim, off); empty where it offers none.
    private var notifications: [AnyObject] = []
    /// When the compositor last said the seat resumed: the panel's own input soon after is the waking gesture.
    private var resumedAt: Double?
    private let now: () -> Double
    /// How long after the compositor's `resumed` the panel's first press still counts as the waking one.
    private static let wakingWindow = 1.0

    init(_ settings: IdleSettings, window: SliderWindow, clock now: @escaping () -> Double, log: @escaping (String) -> Void) {
        clock = IdleClock(settings, now: now())
        self.window = window
        self.log = log
        self.now = now
        switch settings.backlight {
        case .pixels: backlight = nil
        case .automatic: backlight = SysfsBacklight.firstWritable()
        case .device(let folder):
            do {
                backlight = try SysfsBacklight(folder: folder)
            } catch {
                log("idle: the backlight \(folder) cannot be set (\(error)); the panel dims its own pixels")
                backlight = nil
            }
        }
    }

    /// Where idle comes from, in words.
    var source: String { notifications.isEmpty ? "the panel's own input" : "the compositor's (ext-idle-notify-v1)" }

    /// Asks the compositor for its idle notifications; the panel's own clock stays in use where it offers none.
    func listenToCompositor() {
        let waits = [(clock.settings.dimAfter, IdleClock.State.dimmed), (clock.settings.offAfter, .off)]
            .compactMap { wait, state in wait.map { ($0, state) } }
        let made = waits.compactMap { seconds, state in
            window.notifyWhenIdle(after: seconds, idled: { [unowned self] in self.compositorIdled(state) },
                                  resumed: { [unowned self] in self.compositorResumed() })
        }
        if made.count == waits.count { notifications = made }
    }

    private func compositorIdled(_ due: IdleClock.State) {
        if due == .off || state == .awake { apply(due) }
    }

    private func compositorResumed() {
        guard state != .awake else { return }
        resumedAt = now()
        apply(.awake)
    }

    /// An input event from the compositor, before the sliders see it.
    func input(_ event: InputEvent, at now: Double) {
        if state != .awake {
            waking.begin(with: event)
            apply(.awake)
        } else if let resumed = resumedAt, now - resumed < IdleDimming.wakingWindow, !waking.isHeld, WakingGesture.begins(event) {
            // The compositor woke the panel on this input before it arrived here (the pointer's way to it aside).
            resumedAt = nil
            waking.begin(with: event)
        } else {
            waking.take(event)
        }
        clock.input(at: now)
        window.isUserInteractionEnabled = !waking.isHeld
    }

    /// Dims or turns off when the time has come.
    func update(at now: Double) {
        guard notifications.isEmpty else { return }
        let due = clock.state(at: now)
        if due != state { apply(due) }
    }

    /// When `update(at:)` next has something to do; nil when nothing is due without input.
    func nextChange(after now: Double) -> Double? { notifications.isEmpty ? clock.nextChange(after: now) : nil }

    /// Puts back the brightness the panel found.
    func restore() {
        guard let backlight else { return }
        do { try backlight.restore() } catch { log("idle: \(error)") }
    }

    private func apply(_ new: IdleClock.State) {
        state = new
        let level = switch new {
        case .awake: 1.0
        case .dimmed: clock.settings.dimTo
        case .off: 0.0
        }
        if let backlight {
            do {
                if new == .awake { try backlight.restore() } else { try backlight.set(level: level) }
            } catch {
                log("idle: \(error)")
            }
            window.brightness = new == .off ? 0 : 1
        } else {
            window.brightness = level
        }
    }
}
