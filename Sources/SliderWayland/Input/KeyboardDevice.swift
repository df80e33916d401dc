import CWaylandClient
import Glibc
import SliderCore

/// A wl_keyboard (or the replay keyboard: no proxy, the default keymap): evdev key codes through the
/// xkbcommon keymap into keysyms, modifiers, and held keys repeated at the compositor's repeat rate,
/// delivered as `InputEvent.key`.
package final class KeyboardDevice {
    let proxy: OpaquePointer?
    private unowned let delivery: InputDelivery
    private var keymap: Keymap?
    private(set) var focus: OpaquePointer?
    private var lastTime: UInt32 = 0
    private(set) var repeating = KeyRepeat()
    /// The modifiers a replayed key carried, used for its repeats (the replay keymap's state knows none).
    private var replayedModifiers: Modifiers?

    /// A live keyboard gets its keymap from the compositor; the replay keyboard (`proxy` nil) uses `keymap`.
    init(proxy: OpaquePointer?, delivery: InputDelivery, keymap: Keymap? = nil) {
        self.proxy = proxy
        self.delivery = delivery
        self.keymap = keymap
        // The proxy is destroyed in deinit, so no event can reach a released object.
        if let proxy { wl_keyboard_add_listener(proxy, KeyboardDevice.listener, Unmanaged.passUnretained(self).toOpaque()) }
    }

    deinit {
        guard let proxy else { return }
        if wl_proxy_get_version(proxy) >= 3 { wl_keyboard_release(proxy) } else { wl_keyboard_destroy(proxy) }
    }

    /// Our surface is being destroyed: focus is on none of ours until the next enter.
    func forget(_ surface: OpaquePointer) {
        guard focus == surface else { return }
        focus = nil
        repeating.stop()
    }

    /// The seat lost its keyboard: focus leaves.
    func lost() { leave() }

    private var isLive: Bool { proxy != nil }

    func enter(_ surface: OpaquePointer?) {
        guard let surface, delivery.owns(surface) else { return }
        focus = surface
        // A recording starts with how keys repeat (the compositor sends it before the first enter).
        if isLive { deliverRepeatInfo() }
        delivery.deliver(InputEvent(time: lastTime, .keyboardEnter), to: surface, recorded: isLive)
    }

    /// Keys repeat `rate` a second after `delay` ms from now on (wl_keyboard.repeat_info, or a replayed one).
    func configureRepeat(rate: Int32, delay: Int32) {
        repeating.configure(rate: rate, delay: delay)
        if isLive { deliverRepeatInfo() }
    }

    /// Tells the focused surface (and so its recording) how keys repeat.
    private func deliverRepeatInfo() {
        guard let surface = focus else { return }
        delivery.deliver(InputEvent(time: lastTime, .keyRepeatInfo(rate: repeating.rate, delay: repeating.delay)), to: surface, recorded: true)
    }

    func leave() {
        repeating.stop()
        guard let surface = focus else { return }
        focus = nil
        delivery.deliver(InputEvent(time: lastTime, .keyboardLeave), to: surface, recorded: isLive)
    }

    /// A key pressed or released: `code` is the evdev code; `keysym` and `modifiers` when the event already
    /// names them (a replayed key that was recorded with its keysym), else the keymap's.
    func key(time: UInt32, code: UInt32, pressed: Bool, keysym known: UInt32 = Keysym.none, modifiers knownModifiers: Modifiers? = nil) {
        fireRepeats(upTo: time)
        lastTime = time
        guard let surface = focus, let keymap else { return }
        let keysym = known != Keysym.none ? known : keymap.keysym(forKey: code)
        let modifiers = knownModifiers ?? keymap.modifiers
        if !pressed {
            repeating.release(key: code)
        } else if keymap.repeats(code) {
            repeating.press(key: code, keysym: keysym, time: time, now: delivery.globals.now)
            replayedModifiers = knownModifiers
        } else {
            repeating.stop()
        }
        delivery.deliver(InputEvent(time: time, .key(keysym: keysym, state: pressed ? .pressed : .released, modifiers: modifiers, code: code)),
                       to: surface, recorded: isLive)
    }

    /// When the next key repeat (timed at or before `horizon`, when given) is due (local monotonic seconds), nil
    /// when no key is held.
    func nextDeadline(upTo horizon: UInt32? = nil) -> Double? { repeating.nextDeadline(upTo: horizon) }

    /// Delivers every repeat due at `now` and timed at or before `horizon` (compositor ms, when given: the next
    /// event a replay will feed); repeats are made here, so they are never recorded.
    func fireRepeats(now: Double, upTo horizon: UInt32? = nil) {
        while let time = repeating.nextRepeat(dueAt: now, upTo: horizon) { deliverRepeat(at: time) }
    }

    /// Delivers the repeats timed at or before an event at compositor time `time`, due or not by the local clock.
    func fireRepeats(upTo time: UInt32) {
        while let repeatTime = repeating.nextRepeat(upTo: time) { deliverRepeat(at: repeatTime) }
    }

    private func deliverRepeat(at time: UInt32) {
        guard let surface = focus, let keymap else { repeating.stop(); return }
        lastTime = time
        let event = InputEvent(time: time, .key(keysym: repeating.keysym, state: .repeated, modifiers: replayedModifiers ?? keymap.modifiers,
                                                code: repeating.key ?? 0))
        delivery.deliver(event, to: surface, recorded: false)
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> KeyboardDevice? {
        data.map { Unmanaged<KeyboardDevice>.fromOpaque($0).takeUnretainedValue() }
    }

    nonisolated(unsafe) private static let listener: UnsafePointer<wl_keyboard_listener> = {
        let table = UnsafeMutablePointer<wl_keyboard_listener>.allocate(capacity: 1)
        table.initialize(to: wl_keyboard_listener(
            keymap: { data, _, format, fd, size in
                guard let keyboard = from(data) else { close(fd); return }
                keyboard.repeating.stop()
                if format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue {
                    keyboard.keymap = Keymap(fd: fd, size: size)
                } else {
                    close(fd)
                    keyboard.keymap = nil
                }
            },
            enter: { data, _, _, surface, _ in from(data)?.enter(surface) },
            leave: { data, _, _, _ in from(data)?.leave() },
            key: { data, _, _, time, key, state in
                from(data)?.key(time: time, code: key, pressed: state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue)
            },
            modifiers: { data, _, _, depressed, latched, locked, group in
                from(data)?.keymap?.updateModifiers(depressed: depressed, latched: latched, locked: locked, group: group)
            },
            repeat_info: { data, _, rate, delay in from(data)?.configureRepeat(rate: rate, delay: delay) }))
        return UnsafePointer(table)
    }()
}
