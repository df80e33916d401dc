import CWaylandClient
import Glibc
import SliderCore

/// A wl_keyboard (or a replayed one: no proxy, a default keymap): the keymap through xkbcommon, modifiers,
/// and held keys repeated at the compositor's repeat rate, translated into `InputEvent.key` with keysyms.
public final class KeyboardDevice {
    let proxy: OpaquePointer?
    private unowned let client: WaylandClient
    private var keymap: Keymap?
    private(set) var focus: OpaquePointer?
    private var lastTime: UInt32 = 0
    private(set) var repeating = KeyRepeat()

    /// A live keyboard gets its keymap from the compositor; a replayed one (`proxy` nil) uses `keymap`.
    init(proxy: OpaquePointer?, client: WaylandClient, keymap: Keymap? = nil) {
        self.proxy = proxy
        self.client = client
        self.keymap = keymap
        // The proxy is destroyed in deinit, so no event can reach a released object.
        if let proxy { wl_keyboard_add_listener(proxy, KeyboardDevice.listener, Unmanaged.passUnretained(self).toOpaque()) }
    }

    deinit {
        guard let proxy else { return }
        if wl_proxy_get_version(proxy) >= 3 { wl_keyboard_release(proxy) } else { wl_keyboard_destroy(proxy) }
    }

    /// The seat lost its keyboard: focus leaves.
    func lost() { handle(.keyboardLeave) }

    /// Translates one wl_keyboard event; `surface` is the one an enter names.
    func handle(_ event: WaylandInputEvent, surface: OpaquePointer? = nil) {
        switch event {
        case .keyboardEnter:
            guard let surface, client.owns(surface) else { return }
            focus = surface
            client.record(event)
            client.deliver(InputEvent(time: lastTime, .keyboardEnter), to: surface)
        case .keyboardLeave:
            repeating.stop()
            guard let surface = focus else { return }
            focus = nil
            client.record(event)
            client.deliver(InputEvent(time: lastTime, .keyboardLeave), to: surface)
        case .key(let time, let key, let pressed):
            lastTime = time
            guard let surface = focus, let keymap else { return }
            let keysym = keymap.keysym(forKey: key)
            if !pressed {
                repeating.release(key: key)
            } else if keymap.repeats(key) {
                repeating.press(key: key, keysym: keysym, time: time, now: MonotonicTime.seconds(on: client.presentationClock))
            } else {
                repeating.stop()
            }
            client.record(event)
            client.deliver(InputEvent(time: time, .key(keysym: keysym, state: pressed ? .pressed : .released, modifiers: keymap.modifiers)), to: surface)
        case .modifiers(let depressed, let latched, let locked, let group):
            keymap?.updateModifiers(depressed: depressed, latched: latched, locked: locked, group: group)
            if focus != nil { client.record(event) }
        default:
            return
        }
    }

    /// When the next key repeat is due (local monotonic seconds), nil when no key is held.
    var nextDeadline: Double? { repeating.nextDeadline }

    /// Delivers every repeat due at `now`.
    func fireRepeats(now: Double) {
        guard let surface = focus, let keymap else { repeating.stop(); return }
        while let time = repeating.nextRepeat(dueAt: now) {
            lastTime = time
            client.deliver(InputEvent(time: time, .key(keysym: repeating.keysym, state: .repeated, modifiers: keymap.modifiers)), to: surface)
        }
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
            enter: { data, _, _, surface, _ in from(data)?.handle(.keyboardEnter, surface: surface) },
            leave: { data, _, _, _ in from(data)?.handle(.keyboardLeave) },
            key: { data, _, _, time, key, state in
                from(data)?.handle(.key(time: time, key: key, pressed: state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue))
            },
            modifiers: { data, _, _, depressed, latched, locked, group in
                from(data)?.handle(.modifiers(depressed: depressed, latched: latched, locked: locked, group: group))
            },
            repeat_info: { data, _, rate, delay in from(data)?.repeating.configure(rate: rate, delay: delay) }))
        return UnsafePointer(table)
    }()
}
