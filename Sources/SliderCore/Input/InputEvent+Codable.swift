/// Input events as flat records with the fields the compositor delivers, the input-script format:
///
///     {"t":1016,"type":"pointer_button","button":272,"state":"pressed"}
///     {"t":1050,"type":"pointer_motion","x":200,"y":142}
///     {"t":1200,"type":"key","key":106,"keysym":65363,"state":"released","modifiers":["shift"]}
///
/// `t` is the compositor's millisecond time; `x`, `y` surface points; `button` and `key` evdev codes. A key
/// may leave out `keysym` (its code is then looked up in the default keymap on replay) and `modifiers`.
/// `pointer_axis_source`'s `source` is wl_pointer.axis_source's number (0 wheel, 1 finger, 2 continuous,
/// 3 wheel tilt). Decoding a record that names an unknown type, or lacks or mistypes a field, throws a
/// `DecodingError` whose coding path names the field.
extension InputEvent: Codable {
    private enum Field: String, CodingKey {
        case t, type, x, y, button, state, axis, value, steps, value120, source, id, key, keysym, modifiers
    }

    private enum RecordType: String, Codable {
        case pointerEnter = "pointer_enter", pointerLeave = "pointer_leave", pointerMotion = "pointer_motion"
        case pointerButton = "pointer_button", pointerAxis = "pointer_axis", pointerAxisDiscrete = "pointer_axis_discrete"
        case pointerAxisValue120 = "pointer_axis_value120", pointerAxisSource = "pointer_axis_source"
        case pointerAxisStop = "pointer_axis_stop", pointerFrame = "pointer_frame"
        case touchDown = "touch_down", touchMotion = "touch_motion", touchUp = "touch_up", touchFrame = "touch_frame"
        case touchCancel = "touch_cancel", keyboardEnter = "keyboard_enter", keyboardLeave = "keyboard_leave", key
    }

    private static let modifierNames: [(String, Modifiers)] = [("shift", .shift), ("control", .control), ("alt", .alt), ("logo", .logo)]

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Field.self)
        let time = try c.decode(UInt32.self, forKey: .t)
        func point() throws -> Point { Point(x: try c.decode(Double.self, forKey: .x), y: try c.decode(Double.self, forKey: .y)) }
        func axis() throws -> ScrollAxis { try c.decode(ScrollAxis.self, forKey: .axis) }
        func id() throws -> Int32 { try c.decode(Int32.self, forKey: .id) }
        func pressed() throws -> ButtonState {
            let text = try c.decode(String.self, forKey: .state)
            switch text {
            case "pressed": return .pressed
            case "released": return .released
            default: throw DecodingError.dataCorruptedError(forKey: .state, in: c, debugDescription: "must be \"pressed\" or \"released\", not \"\(text)\"")
            }
        }
        let kind: InputEvent.Kind
        switch try c.decode(RecordType.self, forKey: .type) {
        case .pointerEnter: kind = .pointerEnter(try point())
        case .pointerLeave: kind = .pointerLeave
        case .pointerMotion: kind = .pointerMotion(try point())
        case .pointerButton: kind = .pointerButton(button: try c.decode(UInt32.self, forKey: .button), state: try pressed())
        case .pointerAxis: kind = .pointerAxis(axis: try axis(), value: try c.decode(Double.self, forKey: .value))
        case .pointerAxisDiscrete: kind = .pointerAxisDiscrete(axis: try axis(), discrete: try c.decode(Int32.self, forKey: .steps))
        case .pointerAxisValue120: kind = .pointerAxisValue120(axis: try axis(), value120: try c.decode(Int32.self, forKey: .value120))
        case .pointerAxisSource:
            let number = try c.decode(UInt32.self, forKey: .source)
            guard let source = ScrollSource(axisSource: number) else {
                throw DecodingError.dataCorruptedError(forKey: .source, in: c, debugDescription: "\(number) is not a wl_pointer.axis_source")
            }
            kind = .pointerAxisSource(source)
        case .pointerAxisStop: kind = .pointerAxisStop(axis: try axis())
        case .pointerFrame: kind = .pointerFrame
        case .touchDown: kind = .touchDown(id: try id(), try point())
        case .touchMotion: kind = .touchMotion(id: try id(), try point())
        case .touchUp: kind = .touchUp(id: try id())
        case .touchFrame: kind = .touchFrame
        case .touchCancel: kind = .touchCancel
        case .keyboardEnter: kind = .keyboardEnter
        case .keyboardLeave: kind = .keyboardLeave
        case .key:
            let state = try c.decode(KeyState.self, forKey: .state)
            var modifiers: Modifiers = []
            for name in try c.decodeIfPresent([String].self, forKey: .modifiers) ?? [] {
                guard let modifier = InputEvent.modifierNames.first(where: { $0.0 == name })?.1 else {
                    throw DecodingError.dataCorruptedError(forKey: .modifiers, in: c, debugDescription: "unknown modifier \"\(name)\"")
                }
                modifiers.insert(modifier)
            }
            kind = .key(keysym: try c.decodeIfPresent(UInt32.self, forKey: .keysym) ?? Keysym.none, state: state, modifiers: modifiers,
                        code: try c.decode(UInt32.self, forKey: .key))
        }
        self.init(time: time, kind)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Field.self)
        try c.encode(time, forKey: .t)
        func point(_ p: Point) throws {
            try c.encode(p.x, forKey: .x)
            try c.encode(p.y, forKey: .y)
        }
        switch kind {
        case .pointerEnter(let p): try c.encode(RecordType.pointerEnter, forKey: .type); try point(p)
        case .pointerLeave: try c.encode(RecordType.pointerLeave, forKey: .type)
        case .pointerMotion(let p): try c.encode(RecordType.pointerMotion, forKey: .type); try point(p)
        case .pointerButton(let button, let state):
            try c.encode(RecordType.pointerButton, forKey: .type)
            try c.encode(button, forKey: .button)
            try c.encode(state == .pressed ? "pressed" : "released", forKey: .state)
        case .pointerAxis(let axis, let value):
            try c.encode(RecordType.pointerAxis, forKey: .type)
            try c.encode(axis, forKey: .axis)
            try c.encode(value, forKey: .value)
        case .pointerAxisDiscrete(let axis, let steps):
            try c.encode(RecordType.pointerAxisDiscrete, forKey: .type)
            try c.encode(axis, forKey: .axis)
            try c.encode(steps, forKey: .steps)
        case .pointerAxisValue120(let axis, let value120):
            try c.encode(RecordType.pointerAxisValue120, forKey: .type)
            try c.encode(axis, forKey: .axis)
            try c.encode(value120, forKey: .value120)
        case .pointerAxisSource(let source):
            try c.encode(RecordType.pointerAxisSource, forKey: .type)
            try c.encode(source.axisSource, forKey: .source)
        case .pointerAxisStop(let axis):
            try c.encode(RecordType.pointerAxisStop, forKey: .type)
            try c.encode(axis, forKey: .axis)
        case .pointerFrame: try c.encode(RecordType.pointerFrame, forKey: .type)
        case .touchDown(let id, let p): try c.encode(RecordType.touchDown, forKey: .type); try c.encode(id, forKey: .id); try point(p)
        case .touchMotion(let id, let p): try c.encode(RecordType.touchMotion, forKey: .type); try c.encode(id, forKey: .id); try point(p)
        case .touchUp(let id): try c.encode(RecordType.touchUp, forKey: .type); try c.encode(id, forKey: .id)
        case .touchFrame: try c.encode(RecordType.touchFrame, forKey: .type)
        case .touchCancel: try c.encode(RecordType.touchCancel, forKey: .type)
        case .keyboardEnter: try c.encode(RecordType.keyboardEnter, forKey: .type)
        case .keyboardLeave: try c.encode(RecordType.keyboardLeave, forKey: .type)
        case .key(let keysym, let state, let modifiers, let code):
            try c.encode(RecordType.key, forKey: .type)
            try c.encode(code, forKey: .key)
            if keysym != Keysym.none { try c.encode(keysym, forKey: .keysym) }
            try c.encode(state, forKey: .state)
            let names = InputEvent.modifierNames.filter { modifiers.contains($0.1) }.map(\.0)
            if !names.isEmpty { try c.encode(names, forKey: .modifiers) }
        }
    }
}

extension ScrollAxis: Codable {}
extension KeyState: Codable {}

extension ScrollSource {
    /// The source for a wl_pointer.axis_source number; nil for a number the protocol does not define.
    public init?(axisSource: UInt32) {
        switch axisSource {
        case 0: self = .wheel
        case 1: self = .finger
        case 2: self = .continuous
        case 3: self = .wheelTilt
        default: return nil
        }
    }

    /// wl_pointer.axis_source's number for this source.
    public var axisSource: UInt32 {
        switch self {
        case .wheel: 0
        case .finger: 1
        case .continuous: 2
        case .wheelTilt: 3
        }
    }
}
