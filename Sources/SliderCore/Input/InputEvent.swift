/// One input event as a Wayland seat delivers it, in surface coordinates (points) with its timestamp: the one
/// vocabulary from the seat to the router. The Wayland layer's listeners produce these, recording taps them
/// (`SliderSurface.onInput`), and replay feeds them back (`SliderSurface.replay(_:nextEventTime:)`).
///
/// `time` is the compositor's millisecond clock (it wraps after 49.7 days; the router unwraps it). Events
/// that Wayland sends without a time (enter, leave, frame, cancel) carry the last time the seat saw.
/// Pointer events are grouped: the router applies them when `pointerFrame` arrives (wl_pointer v5+; a seat
/// bound at a lower version sends a frame after each event itself).
public struct InputEvent: Equatable, Sendable {
    public var time: UInt32
    public var kind: Kind

    public init(time: UInt32, _ kind: Kind) {
        self.time = time
        self.kind = kind
    }

    public enum Kind: Equatable, Sendable {
        case pointerEnter(Point)
        case pointerLeave
        case pointerMotion(Point)
        /// A Linux input button code (`BTN_LEFT` is 0x110) pressed or released.
        case pointerButton(button: UInt32, state: ButtonState)
        /// Continuous scroll distance in surface units (wl_pointer.axis).
        case pointerAxis(axis: ScrollAxis, value: Double)
        /// High-resolution wheel motion: 120 per notch, fractions for finer wheels (wl_pointer.axis_value120).
        case pointerAxisValue120(axis: ScrollAxis, value120: Int32)
        /// Wheel notches before wl_pointer v8 (wl_pointer.axis_discrete).
        case pointerAxisDiscrete(axis: ScrollAxis, discrete: Int32)
        case pointerAxisSource(ScrollSource)
        case pointerAxisStop(axis: ScrollAxis)
        case pointerFrame
        case touchDown(id: Int32, Point)
        case touchMotion(id: Int32, Point)
        case touchUp(id: Int32)
        case touchFrame
        /// The compositor took every touch point of this surface (a gesture of its own): every touch gesture is cancelled.
        case touchCancel
        case keyboardEnter
        case keyboardLeave
        /// How held keys repeat (wl_keyboard.repeat_info): `rate` a second (0: no repeat) after `delay` ms.
        /// The router ignores it; a recording keeps it, so a replay repeats its held keys as the session did.
        case keyRepeatInfo(rate: Int32, delay: Int32)
        /// A key as an XKB keysym (see `Keysym`), with the modifiers in effect. Repeats come as `.repeated`.
        /// `code` is the evdev key code the compositor sent (linux/input-event-codes.h: KEY_RIGHT 106), 0 for a
        /// key made by code; a replayed key with keysym 0 (`Keysym.none`) is looked up by its code.
        case key(keysym: UInt32, state: KeyState, modifiers: Modifiers, code: UInt32 = 0)
    }
}

public enum ButtonState: Equatable, Sendable { case pressed, released }
public enum KeyState: String, Equatable, Sendable, CaseIterable { case pressed, repeated, released }
public enum ScrollAxis: String, Equatable, Sendable, CaseIterable { case vertical, horizontal }
public enum ScrollSource: Equatable, Sendable { case wheel, finger, continuous, wheelTilt }

/// Linux input button codes (linux/input-event-codes.h).
public enum PointerButton {
    public static let left: UInt32 = 0x110
    public static let right: UInt32 = 0x111
    public static let middle: UInt32 = 0x112
}

/// Keyboard modifiers in effect for a key event.
public struct Modifiers: OptionSet, Equatable, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1 << 0)
    public static let control = Modifiers(rawValue: 1 << 1)
    public static let alt = Modifiers(rawValue: 1 << 2)
    public static let logo = Modifiers(rawValue: 1 << 3)
}

/// The XKB keysyms a slider reacts to (xkbcommon-keysyms.h).
public enum Keysym {
    /// XKB's NoSymbol: a key whose keysym is not known yet (a replayed key named only by its evdev code).
    public static let none: UInt32 = 0
    public static let tab: UInt32 = 0xFF09
    public static let isoLeftTab: UInt32 = 0xFE20
    public static let escape: UInt32 = 0xFF1B
    public static let returnKey: UInt32 = 0xFF0D
    public static let keypadEnter: UInt32 = 0xFF8D
    public static let home: UInt32 = 0xFF50
    public static let left: UInt32 = 0xFF51
    public static let up: UInt32 = 0xFF52
    public static let right: UInt32 = 0xFF53
    public static let down: UInt32 = 0xFF54
    public static let pageUp: UInt32 = 0xFF55
    public static let pageDown: UInt32 = 0xFF56
    public static let end: UInt32 = 0xFF57
    public static let keypadHome: UInt32 = 0xFF95
    public static let keypadLeft: UInt32 = 0xFF96
    public static let keypadUp: UInt32 = 0xFF97
    public static let keypadRight: UInt32 = 0xFF98
    public static let keypadDown: UInt32 = 0xFF99
    public static let keypadPageUp: UInt32 = 0xFF9A
    public static let keypadPageDown: UInt32 = 0xFF9B
    public static let keypadEnd: UInt32 = 0xFF9C
}
