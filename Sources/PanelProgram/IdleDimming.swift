import SliderCore
import SliderPanel
@_spi(Internals) import WaylandSlider

/// A panel's `idle:` on its window: dimmed after `dim-after` seconds without input, off after `off-after`, awake
/// again at the next input, whose gesture wakes the panel only (`WakingGesture`: no slider sees it). Dimming goes
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

    init(_ settings: IdleSettings, window: SliderWindow, now: Double, log: @escaping (String) -> Void) {
        clock = IdleClock(settings, now: now)
        self.window = window
        self.log = log
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

    /// The state now: what `update(at:)` last applied.
    var current: IdleClock.State { state }

    /// An input event from the compositor, before the sliders see it.
    func input(_ event: InputEvent, at now: Double) {
        if state != .awake {
            waking.begin(with: event)
            apply(.awake)
        } else {
            waking.take(event)
        }
        clock.input(at: now)
        window.isUserInteractionEnabled = !waking.isHeld
    }

    /// Dims or turns off when the time has come.
    func update(at now: Double) {
        let due = clock.state(at: now)
        if due != state { apply(due) }
    }

    /// When `update(at:)` next has something to do; nil when nothing is due without input.
    func nextChange(after now: Double) -> Double? { clock.nextChange(after: now) }

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
