@_spi(Internals) @testable import SliderCore

/// A surface for tests: a router, a manual clock and a millisecond timestamp that moves with every event.
final class TestSurface {
    let clock = ManualClock()
    let router = InputRouter()
    var time: UInt32 = 1000

    /// Adds a horizontal 360 x 44 pt slider at `y` (default style: iOS).
    @discardableResult
    func addSlider(isRange: Bool = false, y: Double = 20, width: Double = 360, name: String = "") -> Slider {
        let slider = Slider(isRange: isRange, name: name, clock: clock)
        slider.frame = Rect(x: 20, y: y, width: width, height: 44)
        router.add(slider)
        return slider
    }

    func send(_ kind: InputEvent.Kind, after ms: UInt32 = 10) {
        time &+= ms
        clock.advance(by: Double(ms) / 1000)
        router.handle(InputEvent(time: time, kind))
    }

    /// One wl_pointer frame holding `kinds`.
    func pointer(_ kinds: InputEvent.Kind..., after ms: UInt32 = 10) {
        for (i, kind) in kinds.enumerated() { send(kind, after: i == 0 ? ms : 0) }
        send(.pointerFrame, after: 0)
    }

    func press(at p: Point, after ms: UInt32 = 10) {
        pointer(.pointerMotion(p), after: ms)
        pointer(.pointerButton(button: PointerButton.left, state: .pressed), after: 0)
    }

    func move(to p: Point, after ms: UInt32 = 10) { pointer(.pointerMotion(p), after: ms) }

    func release(after ms: UInt32 = 10) { pointer(.pointerButton(button: PointerButton.left, state: .released), after: ms) }

    func touch(_ kind: InputEvent.Kind, after ms: UInt32 = 10) {
        send(kind, after: ms)
        send(.touchFrame, after: 0)
    }

    func key(_ keysym: UInt32, modifiers: Modifiers = [], after ms: UInt32 = 10) {
        send(.key(keysym: keysym, state: .pressed, modifiers: modifiers), after: ms)
        send(.key(keysym: keysym, state: .released, modifiers: modifiers), after: 10)
    }
}

/// A 400 x 44 pt slider at the origin on a manual clock, configured by `configure`, and a log of its events.
func loggedSlider(_ configure: (Slider) throws -> Void = { _ in }) rethrows -> (Slider, EventLog) {
    let slider = Slider(clock: ManualClock())
    slider.frame = Rect(x: 0, y: 0, width: 400, height: 44)
    try configure(slider)
    return (slider, EventLog(slider))
}

/// Records a slider's events in order.
final class EventLog {
    private(set) var events: [SliderEvent] = []

    init(_ slider: Slider) {
        slider.onEvent = { [weak self] in self?.events.append($0) }
    }

    var valueChanges: [Double] {
        events.compactMap { if case .valueChanged(_, let v) = $0 { v } else { nil } }
    }
    var editing: [Bool] {
        events.compactMap { if case .editingChanged(let e) = $0 { e } else { nil } }
    }
    var steps: [StepEvent] {
        events.compactMap { if case .step(let s) = $0 { s } else { nil } }
    }
    var limits: [LimitEvent] {
        events.compactMap { if case .limit(let l) = $0 { l } else { nil } }
    }
    var cancels: Int { events.filter { $0 == .cancelled }.count }

    func clear() { events.removeAll() }
}

extension Slider {
    /// The thumb centre of thumb `index` where it is drawn now.
    func thumbCenter(_ index: Int = 0) -> Point {
        layout.thumbCenter(atPosition: model.position(of: presentationValue(ofThumb: index)))
    }

    /// The point on the track's centre line at the position of `value` (exact, not pixel-snapped).
    func point(for value: Double) -> Point {
        let along = layout.alongCoordinate(atPosition: model.position(of: value))
        return layout.orientation == .horizontal ? Point(x: along, y: layout.trackRect.midY) : Point(x: layout.trackRect.midX, y: along)
    }
}

/// A small deterministic generator (SplitMix64) for property tests with fixed seeds.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
