import CWaylandClient
import Glibc
import SliderCore

/// A wl_keyboard: the keymap through xkbcommon, modifiers, and held keys repeated at the compositor's
/// repeat rate, translated into `InputEvent.key` with keysyms.
public final class KeyboardDevice {
    let proxy: OpaquePointer
    private unowned let client: WaylandClient
    private var keymap: Keymap?
    private(set) var focus: OpaquePointer?
    private var lastTime: UInt32 = 0
    private(set) var repeating = KeyRepeat()

    init(proxy: OpaquePointer, client: WaylandClient) {
        self.proxy = proxy
        self.client = client
        // The proxy is destroyed in deinit, so no event can reach a released object.
        wl_keyboard_add_listener(proxy, KeyboardDevice.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if wl_proxy_get_version(proxy) >= 3 { wl_keyboard_release(proxy) } else { wl_keyboard_destroy(proxy) }
    }

    /// The seat lost its keyboard: focus leaves.
    func lost() { leave() }

    private func leave() {
        repeating.stop()
        guard let surface = focus else { return }
        focus = nil
        client.deliver(InputEvent(time: lastTime, .keyboardLeave), to: surface)
    }

    private func key(_ key: UInt32, pressed: Bool, time: UInt32) {
        lastTime = time
        guard let surface = focus, let keymap else { return }
        let keysym = keymap.keysym(forKey: key)
        if pressed {
            if keymap.repeats(key) {
                repeating.press(key: key, keysym: keysym, time: time, now: MonotonicTime.seconds(on: client.presentationClock))
            } else {
                repeating.stop()
            }
        } else {
            repeating.release(key: key)
        }
        client.deliver(InputEvent(time: time, .key(keysym: keysym, state: pressed ? .pressed : .released, modifiers: keymap.modifiers)), to: surface)
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
                keyboard.keymap = format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue ? Keymap(fd: fd, size: size) : nil
                if format != WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue { close(fd) }
            },
            enter: { data, _, _, surface, _ in
                guard let keyboard = from(data), let surface, keyboard.client.owns(surface) else { return }
                keyboard.focus = surface
                keyboard.client.deliver(InputEvent(time: keyboard.lastTime, .keyboardEnter), to: surface)
            },
            leave: { data, _, _, _ in from(data)?.leave() },
            key: { data, _, _, time, key, state in
                from(data)?.key(key, pressed: state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue, time: time)
            },
            modifiers: { data, _, _, depressed, latched, locked, group in
                from(data)?.keymap?.updateModifiers(depressed: depressed, latched: latched, locked: locked, group: group)
            },
            repeat_info: { data, _, rate, delay in from(data)?.repeating.configure(rate: rate, delay: delay) }))
        return UnsafePointer(table)
    }()
}
