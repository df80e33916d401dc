/// One input event as the compositor sends it on wl_pointer, wl_touch or wl_keyboard: the protocol's own
/// fields (surface-local coordinates in points, times in the compositor's milliseconds, evdev key codes),
/// before any translation. The seat's devices turn these into SliderCore `InputEvent`s; recording taps
/// them, and replay feeds recorded ones through the same translation (`WaylandClient.replay`).
public enum WaylandInputEvent: Equatable, Sendable {
    case pointerEnter(x: Double, y: Double)
    case pointerLeave
    case pointerMotion(time: UInt32, x: Double, y: Double)
    /// `button` from linux/input-event-codes.h (BTN_LEFT 0x110).
    case pointerButton(time: UInt32, button: UInt32, pressed: Bool)
    case pointerAxis(time: UInt32, horizontal: Bool, value: Double)
    case pointerAxisDiscrete(horizontal: Bool, steps: Int32)
    case pointerAxisValue120(horizontal: Bool, value120: Int32)
    case pointerAxisSource(UInt32)
    case pointerAxisStop(time: UInt32, horizontal: Bool)
    case pointerFrame
    case touchDown(time: UInt32, id: Int32, x: Double, y: Double)
    case touchUp(time: UInt32, id: Int32)
    case touchMotion(time: UInt32, id: Int32, x: Double, y: Double)
    case touchFrame
    case touchCancel
    case keyboardEnter
    case keyboardLeave
    /// An evdev key code (linux/input-event-codes.h: KEY_RIGHT 106); the keymap turns it into a keysym.
    case key(time: UInt32, key: UInt32, pressed: Bool)
    case modifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32)
}
