import CXKBCommon
import Glibc
import SliderCore

/// The compositor's keymap compiled by xkbcommon, with the state that turns evdev key codes into keysyms
/// and tracks modifiers.
final class Keymap {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer
    /// The keymap's indices of Shift, Control, Alt and Logo, looked up once.
    private let modifierIndices: [(xkb_mod_index_t, Modifiers)]

    /// The largest keymap taken, in bytes: a full keymap is about 60 KiB.
    static let maximumBytes: UInt32 = 16 << 20

    /// Compiles an xkb_v1 text keymap from the file descriptor the compositor sent (mapped read-only, then
    /// closed). Nil when the map cannot be read or compiled; the keyboard then delivers no keys. A size past
    /// the file's end (whose pages would raise SIGBUS when read), over `maximumBytes`, or a descriptor that
    /// is not a file (a pipe: not mappable) gives nil; the text is read up to its NUL or `size` bytes,
    /// whichever comes first.
    convenience init?(fd: Int32, size: UInt32) {
        defer { close(fd) }
        var status = stat()
        guard size > 0, size <= Keymap.maximumBytes, fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              status.st_size >= off_t(size),
              let mapped = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else { return nil }
        defer { munmap(mapped, Int(size)) }
        let text = mapped.assumingMemoryBound(to: CChar.self)
        self.init { context in
            xkb_keymap_new_from_buffer(context, text, strnlen(text, Int(size)), XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
        }
    }

    /// The default keymap (XKB's rules, model and layout from the environment, else evdev / pc105 / us),
    /// for replayed key events that arrive without a compositor's keymap. Nil when xkeyboard-config's data
    /// is missing.
    convenience init?() {
        self.init { context in xkb_keymap_new_from_names(context, nil, XKB_KEYMAP_COMPILE_NO_FLAGS) }
    }

    /// A context, the keymap `compile` makes in it, and the keymap's state; nil (releasing what was made)
    /// when any of them cannot be made.
    private init?(compile: (OpaquePointer) -> OpaquePointer?) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        guard let keymap = compile(context) else {
            xkb_context_unref(context)
            return nil
        }
        guard let state = xkb_state_new(keymap) else {
            xkb_keymap_unref(keymap)
            xkb_context_unref(context)
            return nil
        }
        self.context = context
        self.keymap = keymap
        self.state = state
        modifierIndices = [(XKB_MOD_NAME_SHIFT, Modifiers.shift), (XKB_MOD_NAME_CTRL, .control), (XKB_MOD_NAME_ALT, .alt), (XKB_MOD_NAME_LOGO, .logo)]
            .map { (xkb_keymap_mod_get_index(keymap, $0.0), $0.1) }
            .filter { $0.0 != XKB_MOD_INVALID }
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// The keysym an evdev key code produces with the current modifiers.
    func keysym(forKey key: UInt32) -> UInt32 { xkb_state_key_get_one_sym(state, key + 8) }

    /// Whether the keymap says this key repeats when held.
    func repeats(_ key: UInt32) -> Bool { xkb_keymap_key_repeats(keymap, key + 8) != 0 }

    /// Applies wl_keyboard.modifiers.
    func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    /// The modifiers active now, in SliderCore's terms.
    var modifiers: Modifiers {
        var result: Modifiers = []
        for (index, modifier) in modifierIndices where xkb_state_mod_index_is_active(state, index, XKB_STATE_MODS_EFFECTIVE) > 0 {
            result.insert(modifier)
        }
        return result
    }
}
