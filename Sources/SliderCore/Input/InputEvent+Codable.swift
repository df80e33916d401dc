/// Input events as flat records with the fields the compositor delivers, the input-script format:
///
///     {"t":1016,"type":"pointer_button","button":272,"state":"pressed"}
///     {"t":1050,"type":"pointer_motion","x":200,"y":142}
///     {"t":1200,"type":"key","key":106,"keysym":65363,"state":"released","modifiers":["shift"]}
///
/// `t` is the compositor's millisecond time; `x`, `y` surface points; `button` and `key` evdev codes. A key
/// may leave out `keysym` (its code is then looked up in the default keymap on replay) and `modifiers`.
/// Whole-number fields (`t`, `button`, `key`, `keysym`, `id`, `steps`, `value120`) must be whole numbers in
/// their type's range (`1.0` is read as 1, `1.5` is refused); coordinates and `value` stay doubles and must
/// be finite. Enumerations are read by name or by the Wayland protocol's number for them, and written by
/// name: `state` "released" 0, "pressed" 1 (keys also "repeated" 2); `axis` "vertical" 0, "horizontal" 1
/// (or the protocol's "vertical_scroll", "horizontal_scroll"); `source` "wheel" 0, "finger" 1,
/// "continuous" 2, "wheel_tilt" 3.
///
/// Decoding throws a `DecodingError` whose coding path names the field at fault: an unknown `type`, a
/// field the type does not have, a missing field, a mistyped or out-of-range value.
extension InputEvent: Codable {
    fileprivate enum Field: String, CodingKey, CaseIterable {
        case t, type, x, y, button, state, axis, value, steps, value120, source, id, key, keysym, modifiers, rate, delay
    }

    /// The record types, by their name in scripts, with the fields each has besides `t` and `type`.
    fileprivate enum RecordType: String, Codable, CaseIterable, Sendable {
        case pointerEnter = "pointer_enter", pointerLeave = "pointer_leave", pointerMotion = "pointer_motion"
        case pointerButton = "pointer_button", pointerAxis = "pointer_axis", pointerAxisDiscrete = "pointer_axis_discrete"
        case pointerAxisValue120 = "pointer_axis_value120", pointerAxisSource = "pointer_axis_source"
        case pointerAxisStop = "pointer_axis_stop", pointerFrame = "pointer_frame"
        case touchDown = "touch_down", touchMotion = "touch_motion", touchUp = "touch_up", touchFrame = "touch_frame"
        case touchCancel = "touch_cancel", keyboardEnter = "keyboard_enter", keyboardLeave = "keyboard_leave", key
        case keyRepeatInfo = "key_repeat_info"

        fileprivate var fields: Set<Field> {
            switch self {
            case .pointerEnter, .pointerMotion: [.x, .y]
            case .pointerLeave, .pointerFrame, .touchFrame, .touchCancel, .keyboardEnter, .keyboardLeave: []
            case .pointerButton: [.button, .state]
            case .pointerAxis: [.axis, .value]
            case .pointerAxisDiscrete: [.axis, .steps]
            case .pointerAxisValue120: [.axis, .value120]
            case .pointerAxisSource: [.source]
            case .pointerAxisStop: [.axis]
            case .touchDown, .touchMotion: [.id, .x, .y]
            case .touchUp: [.id]
            case .key: [.key, .keysym, .state, .modifiers]
            case .keyRepeatInfo: [.rate, .delay]
            }
        }
    }

    /// Any key of a record, to find the ones its type does not have.
    private struct AnyField: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private static let modifierNames: [(String, Modifiers)] = [("shift", .shift), ("control", .control), ("alt", .alt), ("logo", .logo)]

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Field.self)
        let typeName = try c.decode(String.self, forKey: .type)
        guard let type = RecordType(rawValue: typeName) else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: c, debugDescription: "unknown type \"\(typeName)\" (the types: \(RecordType.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let allowed = type.fields.union([.t, .type])
        if let unknown = try decoder.container(keyedBy: AnyField.self).allKeys.first(where: { Field(stringValue: $0.stringValue).map { !allowed.contains($0) } ?? true }) {
            let fields = ([Field.t] + Field.allCases.filter { type.fields.contains($0) }).map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorrupted(.init(codingPath: [unknown], debugDescription: "\(type.rawValue) has no field \"\(unknown.stringValue)\" (its fields: \(fields))"))
        }
        func whole<T: FixedWidthInteger>(_ key: Field, as: T.Type = T.self) throws -> T {
            let number = try c.decode(Double.self, forKey: key)
            guard let exact = T(exactly: number) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "must be a whole number from \(T.min) to \(T.max), not \(number)")
            }
            return exact
        }
        func finite(_ key: Field) throws -> Double {
            let number = try c.decode(Double.self, forKey: key)
            guard number.isFinite else { throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "must be a finite number") }
            return number
        }
        func point() throws -> Point { Point(x: try finite(.x), y: try finite(.y)) }
        func axis() throws -> ScrollAxis { try c.decode(ScrollAxis.self, forKey: .axis) }
        func id() throws -> Int32 { try whole(.id) }
        let time: UInt32 = try whole(.t)
        let kind: InputEvent.Kind
        switch type {
        case .pointerEnter: kind = .pointerEnter(try point())
        case .pointerLeave: kind = .pointerLeave
        case .pointerMotion: kind = .pointerMotion(try point())
        case .pointerButton: kind = .pointerButton(button: try whole(.button), state: try c.decode(ButtonState.self, forKey: .state))
        case .pointerAxis: kind = .pointerAxis(axis: try axis(), value: try finite(.value))
        case .pointerAxisDiscrete: kind = .pointerAxisDiscrete(axis: try axis(), discrete: try whole(.steps))
        case .pointerAxisValue120: kind = .pointerAxisValue120(axis: try axis(), value120: try whole(.value120))
        case .pointerAxisSource: kind = .pointerAxisSource(try c.decode(ScrollSource.self, forKey: .source))
        case .pointerAxisStop: kind = .pointerAxisStop(axis: try axis())
        case .pointerFrame: kind = .pointerFrame
        case .touchDown: kind = .touchDown(id: try id(), try point())
        case .touchMotion: kind = .touchMotion(id: try id(), try point())
        case .touchUp: kind = .touchUp(id: try id())
        case .touchFrame: kind = .touchFrame
        case .touchCancel: kind = .touchCancel
        case .keyboardEnter: kind = .keyboardEnter
        case .keyboardLeave: kind = .keyboardLeave
        case .keyRepeatInfo: kind = .keyRepeatInfo(rate: try c.decode(Int32.self, forKey: .rate), delay: try c.decode(Int32.self, forKey: .delay))
        case .key:
            var modifiers: Modifiers = []
            for name in try c.decodeIfPresent([String].self, forKey: .modifiers) ?? [] {
                guard let modifier = InputEvent.modifierNames.first(where: { $0.0 == name })?.1 else {
                    throw DecodingError.dataCorruptedError(forKey: .modifiers, in: c,
                                                           debugDescription: "unknown modifier \"\(name)\" (shift, control, alt or logo)")
                }
                modifiers.insert(modifier)
            }
            let keysym: UInt32 = c.contains(.keysym) ? try whole(.keysym) : Keysym.none
            kind = .key(keysym: keysym, state: try c.decode(KeyState.self, forKey: .state), modifiers: modifiers, code: try whole(.key))
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
            try c.encode(state, forKey: .state)
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
            try c.encode(source, forKey: .source)
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
        case .keyRepeatInfo(let rate, let delay):
            try c.encode(RecordType.keyRepeatInfo, forKey: .type)
            try c.encode(rate, forKey: .rate)
            try c.encode(delay, forKey: .delay)
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
