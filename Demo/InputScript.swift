import Foundation
import SliderWayland

/// Recorded input as JSON lines, one Wayland event per line with the fields the compositor delivers:
///
///     {"t":1000,"type":"pointer_enter","x":120.5,"y":42}
///     {"t":1016,"type":"pointer_motion","x":140,"y":42}
///     {"t":1016,"type":"pointer_button","button":272,"state":"pressed"}
///     {"t":1016,"type":"pointer_frame"}
///     {"t":1100,"type":"touch_down","id":1,"x":60,"y":94}
///     {"t":1200,"type":"key","key":106,"state":"released"}
///
/// `t` is the compositor's millisecond timestamp (events without one in Wayland, such as frames, carry
/// the time they arrived); x and y are surface coordinates in points; `button` and `key` are evdev codes.
/// Types: pointer_enter, pointer_leave, pointer_motion, pointer_button, pointer_axis (axis
/// "vertical"/"horizontal", value), pointer_axis_discrete (axis, steps), pointer_axis_value120 (axis,
/// value120), pointer_axis_source (source: wl_pointer.axis_source), pointer_axis_stop (axis), pointer_frame,
/// touch_down / touch_motion (id, x, y), touch_up (id), touch_frame, touch_cancel, keyboard_enter,
/// keyboard_leave, key (key, state), modifiers (depressed, latched, locked, group).
struct InputScript {
    struct Line: Equatable {
        var time: UInt32
        var event: WaylandInputEvent
    }

    /// A line that could not be read: its 1-based number and why.
    struct LineError: Error, Equatable, CustomStringConvertible {
        var line: Int
        var reason: String
        var description: String { "line \(line): \(reason)" }
    }

    var lines: [Line] = []
    /// Lines skipped as malformed; the others still play.
    var errors: [LineError] = []

    /// Parses `text`; blank lines and lines starting with `#` are skipped.
    init(parsing text: String) {
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            do {
                lines.append(try InputScript.parse(trimmed))
            } catch let reason as Reason {
                errors.append(LineError(line: index + 1, reason: reason.text))
            } catch {
                errors.append(LineError(line: index + 1, reason: "\(error)"))
            }
        }
    }

    private struct Reason: Error { let text: String }

    private static func parse(_ text: String) throws -> Line {
        guard let data = text.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data), let fields = object as? [String: Any] else {
            throw Reason(text: "not a JSON object")
        }
        func number(_ key: String) throws -> Double {
            guard let value = fields[key] as? NSNumber, !(value is Bool), value.doubleValue.isFinite else {
                throw Reason(text: "\"\(key)\" must be a finite number")
            }
            return value.doubleValue
        }
        func integer<T: FixedWidthInteger>(_ key: String, as: T.Type) throws -> T {
            let value = try number(key)
            guard value == value.rounded(), let exact = T(exactly: value) else { throw Reason(text: "\"\(key)\" must be a whole number in range") }
            return exact
        }
        func pressed(_ key: String) throws -> Bool {
            switch fields[key] as? String {
            case "pressed": return true
            case "released": return false
            default: throw Reason(text: "\"\(key)\" must be \"pressed\" or \"released\"")
            }
        }
        func horizontal() throws -> Bool {
            switch fields["axis"] as? String {
            case "vertical": return false
            case "horizontal": return true
            default: throw Reason(text: "\"axis\" must be \"vertical\" or \"horizontal\"")
            }
        }
        guard let type = fields["type"] as? String else { throw Reason(text: "no \"type\"") }
        let time = try integer("t", as: UInt32.self)
        let event: WaylandInputEvent
        switch type {
        case "pointer_enter": event = .pointerEnter(x: try number("x"), y: try number("y"))
        case "pointer_leave": event = .pointerLeave
        case "pointer_motion": event = .pointerMotion(time: time, x: try number("x"), y: try number("y"))
        case "pointer_button": event = .pointerButton(time: time, button: try integer("button", as: UInt32.self), pressed: try pressed("state"))
        case "pointer_axis": event = .pointerAxis(time: time, horizontal: try horizontal(), value: try number("value"))
        case "pointer_axis_discrete": event = .pointerAxisDiscrete(horizontal: try horizontal(), steps: try integer("steps", as: Int32.self))
        case "pointer_axis_value120": event = .pointerAxisValue120(horizontal: try horizontal(), value120: try integer("value120", as: Int32.self))
        case "pointer_axis_source": event = .pointerAxisSource(try integer("source", as: UInt32.self))
        case "pointer_axis_stop": event = .pointerAxisStop(time: time, horizontal: try horizontal())
        case "pointer_frame": event = .pointerFrame
        case "touch_down": event = .touchDown(time: time, id: try integer("id", as: Int32.self), x: try number("x"), y: try number("y"))
        case "touch_motion": event = .touchMotion(time: time, id: try integer("id", as: Int32.self), x: try number("x"), y: try number("y"))
        case "touch_up": event = .touchUp(time: time, id: try integer("id", as: Int32.self))
        case "touch_frame": event = .touchFrame
        case "touch_cancel": event = .touchCancel
        case "keyboard_enter": event = .keyboardEnter
        case "keyboard_leave": event = .keyboardLeave
        case "key": event = .key(time: time, key: try integer("key", as: UInt32.self), pressed: try pressed("state"))
        case "modifiers":
            event = .modifiers(depressed: try integer("depressed", as: UInt32.self), latched: try integer("latched", as: UInt32.self),
                               locked: try integer("locked", as: UInt32.self), group: try integer("group", as: UInt32.self))
        default: throw Reason(text: "unknown type \"\(type)\"")
        }
        return Line(time: time, event: event)
    }

    /// One event as a JSON line (the format `init(parsing:)` reads).
    static func encode(_ event: WaylandInputEvent, time: UInt32) -> String {
        func axis(_ horizontal: Bool) -> String { horizontal ? "\"horizontal\"" : "\"vertical\"" }
        func state(_ pressed: Bool) -> String { pressed ? "\"pressed\"" : "\"released\"" }
        let body: String
        switch event {
        case .pointerEnter(let x, let y): body = "\"type\":\"pointer_enter\",\"x\":\(x),\"y\":\(y)"
        case .pointerLeave: body = "\"type\":\"pointer_leave\""
        case .pointerMotion(_, let x, let y): body = "\"type\":\"pointer_motion\",\"x\":\(x),\"y\":\(y)"
        case .pointerButton(_, let button, let pressed): body = "\"type\":\"pointer_button\",\"button\":\(button),\"state\":\(state(pressed))"
        case .pointerAxis(_, let h, let value): body = "\"type\":\"pointer_axis\",\"axis\":\(axis(h)),\"value\":\(value)"
        case .pointerAxisDiscrete(let h, let steps): body = "\"type\":\"pointer_axis_discrete\",\"axis\":\(axis(h)),\"steps\":\(steps)"
        case .pointerAxisValue120(let h, let v): body = "\"type\":\"pointer_axis_value120\",\"axis\":\(axis(h)),\"value120\":\(v)"
        case .pointerAxisSource(let source): body = "\"type\":\"pointer_axis_source\",\"source\":\(source)"
        case .pointerAxisStop(_, let h): body = "\"type\":\"pointer_axis_stop\",\"axis\":\(axis(h))"
        case .pointerFrame: body = "\"type\":\"pointer_frame\""
        case .touchDown(_, let id, let x, let y): body = "\"type\":\"touch_down\",\"id\":\(id),\"x\":\(x),\"y\":\(y)"
        case .touchMotion(_, let id, let x, let y): body = "\"type\":\"touch_motion\",\"id\":\(id),\"x\":\(x),\"y\":\(y)"
        case .touchUp(_, let id): body = "\"type\":\"touch_up\",\"id\":\(id)"
        case .touchFrame: body = "\"type\":\"touch_frame\""
        case .touchCancel: body = "\"type\":\"touch_cancel\""
        case .keyboardEnter: body = "\"type\":\"keyboard_enter\""
        case .keyboardLeave: body = "\"type\":\"keyboard_leave\""
        case .key(_, let key, let pressed): body = "\"type\":\"key\",\"key\":\(key),\"state\":\(state(pressed))"
        case .modifiers(let d, let la, let lo, let g): body = "\"type\":\"modifiers\",\"depressed\":\(d),\"latched\":\(la),\"locked\":\(lo),\"group\":\(g)"
        }
        return "{\"t\":\(time),\(body)}"
    }

    /// The compositor time an event carries, if it carries one.
    static func time(of event: WaylandInputEvent) -> UInt32? {
        switch event {
        case .pointerMotion(let t, _, _), .pointerButton(let t, _, _), .pointerAxis(let t, _, _), .pointerAxisStop(let t, _),
             .touchDown(let t, _, _, _), .touchMotion(let t, _, _, _), .touchUp(let t, _), .key(let t, _, _):
            return t
        default:
            return nil
        }
    }
}
