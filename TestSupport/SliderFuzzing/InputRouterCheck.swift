@_spi(Internals) import SliderCore

/// The input router and the tracking engine fed arbitrary event sequences: pointer, touch (ids -1 to 3),
/// wheel, keys, accessibility adjustments and time going forwards, standing still or jumping back, over four
/// sliders (a continuous slider with 10 % detents, a stepped range slider, a vertical anchored slider and a
/// disabled one). Invariants, after every event:
/// - every value is finite, within its bounds, and on its grid (stepped sliders);
/// - a range slider's thumbs stay ordered and `minimumSeparation` apart;
/// - editing began and ended alternate (never ended without a begin, never begun twice);
/// - step events name a real boundary, count at least one, point their direction at their value;
/// - the range slider, with the default rate budget, merges its 0.25 steps: their boundaries are on its grid;
/// - a disabled slider sends nothing;
/// and at the end, once every finger, button and key is let go: no slider is left editing, and the
/// detents crossed in each of the volume's gestures add up to the boundaries between where it began and
/// ended (within the one boundary hysteresis may hold).
public enum InputRouterCheck {
    public static func violations<Bytes: Sequence<UInt8>>(in bytes: Bytes) -> [String] { run(bytes).violations }

    /// What the sliders sent for `bytes`, counted per slider and kind ("volume step"): to see that a corpus
    /// reaches every slider and event.
    public static func eventCounts<Bytes: Sequence<UInt8>>(in bytes: Bytes) -> [String: Int] {
        var counts: [String: Int] = [:]
        for (slider, event) in run(bytes).events {
            let kind = switch event {
            case .valueChanged: "valueChanged"
            case .editingChanged(let began): began ? "editingBegan" : "editingEnded"
            case .cancelled: "cancelled"
            case .step: "step"
            case .limit: "limit"
            case .scrubbingRateChanged: "scrubbingRateChanged"
            }
            counts["\(slider) \(kind)", default: 0] += 1
        }
        return counts
    }

    private static func run<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Harness {
        var harness = Harness()
        var input = FuzzBytes(bytes)
        var eventCount = 0
        while !input.isAtEnd && eventCount < 4096 {
            harness.step(&input)
            eventCount += 1
        }
        harness.letGo()
        return harness
    }
}

private struct Harness {
    let clock = ManualClock()
    let router = InputRouter()
    let volume: Slider, range: Slider, vertical: Slider, disabled: Slider
    var sliders: [Slider] { [volume, range, vertical, disabled] }
    var violations: [String] = []
    var time: UInt32 = 1000
    private let shared: Log
    private var checkedCount = 0
    private var editing: [String: Bool] = [:]
    var log: ArraySlice<(slider: String, event: SliderEvent)> { shared.events[...] }
    var events: [(slider: String, event: SliderEvent)] { shared.events }

    /// The events as they come, shared with the sliders' handlers.
    final class Log {
        var events: [(slider: String, event: SliderEvent)] = []
    }

    init() {
        volume = Slider(name: "volume", clock: clock)
        range = Slider(isRange: true, name: "range", clock: clock)
        vertical = Slider(name: "vertical", clock: clock)
        disabled = Slider(name: "disabled", clock: clock)
        shared = Log()
        // The configuration is fixed and valid: these calls cannot throw.
        // No rate budget on the volume: every crossing's step event comes with the change that made it, so
        // the detents of each change can be counted (merging under the budget has its own unit tests).
        var detents = StepFeedbackConfiguration(boundaries: .every(0.1))
        detents.minimumInterval = 0
        try! volume.setStepFeedback(detents)
        try! range.setStepFeedback(StepFeedbackConfiguration(boundaries: .steps))
        try! range.setBounds(minimum: 0, maximum: 24)
        try! range.setStepping(.size(0.25))
        try! range.setMinimumSeparation(1)
        try! range.setValue(17.5, ofThumb: 1, animated: false)
        try! range.setValue(8, ofThumb: 0, animated: false)
        try! vertical.setBounds(minimum: -1, maximum: 1)
        try! vertical.setAnchorValue(0)
        vertical.orientation = .vertical
        disabled.isEnabled = false
        volume.frame = Rect(x: 10, y: 10, width: 300, height: 44)
        range.frame = Rect(x: 10, y: 60, width: 300, height: 44)
        disabled.frame = Rect(x: 10, y: 110, width: 300, height: 44)
        vertical.frame = Rect(x: 330, y: 10, width: 44, height: 200)
        for slider in sliders {
            router.add(slider)
            slider.onEvent = { [shared, unowned slider] event in shared.events.append((slider.name, event)) }
        }
    }

    mutating func send(_ kind: InputEvent.Kind) {
        router.handle(InputEvent(time: time, kind))
        check()
    }

    /// One event (or a small group) chosen by the next bytes.
    mutating func step(_ input: inout FuzzBytes) {
        switch input.choice(8) {
        case 0: time &+= UInt32(input.byte())
        case 1: time &-= UInt32(input.byte() % 16)
        default: break
        }
        clock.advance(by: Double(input.byte()) / 1000)
        let keysyms = [Keysym.left, Keysym.right, Keysym.up, Keysym.down, Keysym.home, Keysym.end, Keysym.pageUp, Keysym.pageDown,
                       Keysym.tab, Keysym.isoLeftTab, Keysym.escape, Keysym.keypadLeft, Keysym.keypadRight, 0x61]
        let axes = [ScrollAxis.vertical, .horizontal]
        switch input.choice(20) {
        case 0: send(.pointerEnter(Point(x: input.coordinate(), y: input.coordinate())))
        case 1: send(.pointerLeave)
        case 2, 3: send(.pointerMotion(Point(x: input.coordinate(), y: input.coordinate())))
        case 4: send(.pointerButton(button: [PointerButton.left, PointerButton.right, 0][input.choice(3)], state: input.choice(2) == 0 ? .pressed : .released))
        case 5: send(.pointerAxis(axis: axes[input.choice(2)], value: Double(Int8(bitPattern: input.byte())) / 4))
        case 6: send(.pointerAxisDiscrete(axis: axes[input.choice(2)], discrete: Int32(Int8(bitPattern: input.byte()))))
        case 7: send(.pointerAxisValue120(axis: axes[input.choice(2)], value120: Int32(Int16(bitPattern: input.word()))))
        case 8: send(.pointerAxisSource([ScrollSource.wheel, .finger, .continuous, .wheelTilt][input.choice(4)]))
        case 9: send(.pointerAxisStop(axis: axes[input.choice(2)]))
        case 10, 11: send(.pointerFrame)
        case 12: send(.touchDown(id: Int32(input.choice(5)) - 1, Point(x: input.coordinate(), y: input.coordinate())))
        case 13, 14: send(.touchMotion(id: Int32(input.choice(5)) - 1, Point(x: input.coordinate(), y: input.coordinate())))
        case 15: send(.touchUp(id: Int32(input.choice(5)) - 1))
        case 16: send(input.choice(8) == 0 ? .touchCancel : .touchFrame)
        case 17:
            let keysym = keysyms[input.choice(keysyms.count)]
            let states = [KeyState.pressed, .released, .repeated]
            send(.key(keysym: keysym, state: states[input.choice(3)], modifiers: Modifiers(rawValue: UInt32(input.choice(16)))))
        case 18: send(input.choice(2) == 0 ? .keyboardEnter : .keyboardLeave)
        default:
            let slider = sliders[input.choice(sliders.count)]
            if input.choice(2) == 0 { slider.accessibilityIncrement() } else { slider.accessibilityDecrement() }
            check()
        }
        if input.choice(4) == 0 {
            router.emitDueStepEvents(at: router.inputTime + Double(input.byte()) / 100)
            check()
        }
    }

    /// Lets go of everything a user could hold.
    mutating func letGo() {
        time &+= 100
        send(.pointerButton(button: PointerButton.left, state: .released))
        send(.pointerFrame)
        send(.touchCancel)
        for keysym in [Keysym.left, Keysym.right, Keysym.up, Keysym.down, Keysym.home, Keysym.end, Keysym.pageUp, Keysym.pageDown,
                       Keysym.keypadLeft, Keysym.keypadRight] {
            send(.key(keysym: keysym, state: .released, modifiers: []))
        }
        send(.keyboardLeave)
        router.emitDueStepEvents(at: router.inputTime + 10)
        check()
        for (name, isEditing) in editing where isEditing { violations.append("\(name) still editing after every input was let go") }
        checkStepTotals()
    }

    private mutating func check() {
        let new = shared.events[checkedCount...]
        checkedCount = shared.events.count
        for (name, event) in new {
            if name == "disabled" { violations.append("the disabled slider sent \(event)") }
            if case .step(let step) = event { checkStep(step, of: name) }
            if case .editingChanged(let began) = event {
                if began == (editing[name] ?? false) { violations.append("\(name): editing \(began ? "began twice" : "ended without beginning")") }
                editing[name] = began
            }
        }
        for slider in sliders {
            for thumb in 0..<(slider.isRange ? 2 : 1) {
                let value = slider.model.value(ofThumb: thumb)
                guard value.isFinite, value >= slider.minimumValue, value <= slider.maximumValue else {
                    violations.append("\(slider.name) thumb \(thumb) at \(value), outside \(slider.minimumValue)...\(slider.maximumValue)")
                    continue
                }
                if slider === range {
                    let steps = value / 0.25
                    if abs(steps - steps.rounded()) > 1e-9 { violations.append("range thumb \(thumb) at \(value), off its 0.25 grid") }
                }
            }
            if slider.isRange && slider.upperValue - slider.value < slider.minimumSeparation - 1e-9 {
                violations.append("\(slider.name): \(slider.value) and \(slider.upperValue) closer than \(slider.minimumSeparation)")
            }
        }
        if violations.count > 8 { violations = Array(violations.prefix(8)) }
    }

    private mutating func checkStep(_ step: StepEvent, of name: String) {
        if name == "range" {
            let steps = step.boundary / 0.25
            if step.count < 1 || abs(step.direction) != 1 || abs(steps - steps.rounded()) > 1e-9 || step.boundary <= 0 || step.boundary >= 24 {
                violations.append("range step \(step): not a crossing of its 0.25 grid")
            }
        }
        guard name == "volume" else { return }
        let index = (step.boundary * 10).rounded()
        if step.count < 1 || abs(step.direction) != 1 || abs(step.boundary * 10 - index) > 1e-9 || index < 1 || index > 9 {
            violations.append("volume step \(step): not a boundary crossing of the 10 % detents")
        }
        if step.direction > 0 ? step.value < step.boundary - 1e-9 : step.value > step.boundary + 1e-9 {
            violations.append("volume step \(step): the value is on the wrong side of the boundary")
        }
    }

    /// The detents a change of the volume crossed add up to the boundaries between where it began and
    /// ended: each editing gesture (steps flushed after its end count for it), and each adjustment outside
    /// one (wheel, keys, accessibility). A cancelled gesture puts the value back without steps: not counted.
    private mutating func checkStepTotals() {
        // Exactly as step feedback counts them: the detents k / 10 at or below the value.
        func boundaries(below value: Double) -> Int { (1...9).filter { Double($0) / 10 <= value }.count }
        var value = 0.0, start = 0.0, crossed = 0, cancelled = false, inGesture = false
        func finish() {
            let expected = boundaries(below: value) - boundaries(below: start)
            if !cancelled && abs(crossed - expected) > 1 {
                violations.append("volume changed from \(start) to \(value), \(expected) detents, but its steps count \(crossed)")
            }
            start = value; crossed = 0; cancelled = false
        }
        for (name, event) in log where name == "volume" {
            switch event {
            case .editingChanged(true): finish(); inGesture = true
            case .editingChanged(false): inGesture = false
            case .valueChanged(_, let new):
                if !inGesture { finish() }
                value = new
            case .step(let step): crossed += step.count * step.direction
            case .cancelled: cancelled = true
            default: break
            }
        }
        finish()
    }
}
