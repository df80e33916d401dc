import SliderCore

/// `bench --scenario soak`'s input: a four-second cycle, one step per frame, 16 ms apart, that goes through
/// every way the panel is used: a pointer drag of the volume (its value popup shows), two fingers on the
/// time window's thumbs, Tab and the arrow keys on the focused slider, wheel notches over the brightness,
/// and a pointer drag of the balance. Presses land on the thumbs where they are when the press comes.
struct SoakScenario {
    private let panel: ControlPanel
    private var frame = 0
    private var time: UInt32 = 1
    private var pointer = Point(x: 0, y: 0)
    private var fingers = (Point(x: 0, y: 0), Point(x: 0, y: 0))
    /// Frames in one cycle: 4 s at 60 Hz.
    static let cycle = 240

    init(panel: ControlPanel) { self.panel = panel }

    /// How many cycles have been played.
    var cycles: Int { frame / SoakScenario.cycle }

    /// How many steps have been played.
    var steps: Int { frame }

    /// The events of the next frame.
    mutating func nextFrame() -> [InputEvent] {
        defer { frame += 1 }
        time &+= 16
        let k = frame % SoakScenario.cycle
        switch k {
        case 0: return press(at: thumb(of: panel.volume), entering: true)
        case 1..<60: return move(by: Double(k < 30 ? 6 : -6))
        case 60: return release()
        case 61:
            fingers = (thumb(of: panel.timeWindow, 0), thumb(of: panel.timeWindow, 1))
            return [event(.touchDown(id: 0, fingers.0)), event(.touchDown(id: 1, fingers.1)), event(.touchFrame)]
        case 62..<110:
            let d = Double(k < 86 ? 3 : -3)
            fingers.0.x -= d
            fingers.1.x += d
            return [event(.touchMotion(id: 0, fingers.0)), event(.touchMotion(id: 1, fingers.1)), event(.touchFrame)]
        case 110: return [event(.touchUp(id: 0)), event(.touchUp(id: 1)), event(.touchFrame)]
        case 111: return [event(.keyboardEnter)] + key(Keysym.tab, code: 15, pressed: true)
        case 112: return key(Keysym.tab, code: 15, pressed: false)
        case 113..<151:
            // A press every fourth frame, its release the frame after: right for half the time, then left.
            let right = k < 132
            switch (k - 113) % 4 {
            case 0: return key(right ? Keysym.right : Keysym.left, code: right ? 106 : 105, pressed: true)
            case 1: return key(right ? Keysym.right : Keysym.left, code: right ? 106 : 105, pressed: false)
            default: return []
            }
        case 151:
            pointer = thumb(of: panel.brightness)
            return [event(.pointerMotion(pointer)), event(.pointerFrame)]
        case 152..<201:
            guard (k - 152) % 5 == 0 else { return [] }
            let notch: Int32 = k < 176 ? -1 : 1
            return [event(.pointerAxisSource(.wheel)), event(.pointerAxisValue120(axis: .vertical, value120: 120 * notch)),
                    event(.pointerAxis(axis: .vertical, value: 15 * Double(notch))), event(.pointerFrame)]
        case 201: return press(at: thumb(of: panel.balance), entering: false)
        case 202..<239: return move(by: Double(k < 220 ? -5 : 5))
        default: return release() + [event(.pointerMotion(Point(x: 4, y: 4))), event(.pointerFrame)]
        }
    }

    /// Lets go of whatever the cycle holds when the run stops: the button, both fingers, the arrow keys.
    mutating func letGo() -> [InputEvent] {
        time &+= 16
        return release() + [event(.touchUp(id: 0)), event(.touchUp(id: 1)), event(.touchFrame)]
            + key(Keysym.right, code: 106, pressed: false) + key(Keysym.left, code: 105, pressed: false)
    }

    private func event(_ kind: InputEvent.Kind) -> InputEvent { InputEvent(time: time, kind) }

    private func thumb(of slider: Slider, _ index: Int = 0) -> Point {
        slider.layout.thumbCenter(atPosition: slider.model.position(of: slider.model.value(ofThumb: index)))
    }

    private mutating func press(at point: Point, entering: Bool) -> [InputEvent] {
        pointer = point
        return (entering ? [event(.pointerEnter(point))] : [event(.pointerMotion(point))])
            + [event(.pointerFrame), event(.pointerButton(button: PointerButton.left, state: .pressed)), event(.pointerFrame)]
    }

    private mutating func move(by dx: Double) -> [InputEvent] {
        pointer.x += dx
        return [event(.pointerMotion(pointer)), event(.pointerFrame)]
    }

    private func release() -> [InputEvent] {
        [event(.pointerButton(button: PointerButton.left, state: .released)), event(.pointerFrame)]
    }

    private func key(_ keysym: UInt32, code: UInt32, pressed: Bool) -> [InputEvent] {
        [event(.key(keysym: keysym, state: pressed ? .pressed : .released, modifiers: [], code: code))]
    }
}
