// slider-demo: until the Wayland client lands, this drives sliders through a scripted drag, a two-finger
// range gesture and keyboard input, all through the input router, prints every event, and renders the
// control panel offscreen to a PNG.
//
//   slider-demo [--theme ios-light|ios-dark|material-light|material-dark] [--scale S] [--rtl] [--out FILE.png]
import Foundation
import SliderCore
import SliderRenderer

let options: DemoOptions
do {
    options = try DemoOptions(CommandLine.arguments.dropFirst())
} catch {
    FileHandle.standardError.write(Data("slider-demo: \(error)\n".utf8))
    exit(2)
}

let clock = ManualClock()
let router = InputRouter()

@MainActor func makeSlider(_ name: String, y: Double, configure: (Slider) throws(SliderError) -> Void) -> Slider {
    let slider = Slider(name: name, clock: clock)
    slider.frame = Rect(x: 20, y: y, width: 360, height: 44)
    do { try configure(slider) } catch { fatalError("demo configuration for \(name): \(error)") }
    slider.onEvent = { event in print(describe(event, of: slider)) }
    router.add(slider)
    return slider
}

func describe(_ event: SliderEvent, of slider: Slider) -> String {
    let f = slider.formatter
    switch event {
    case .valueChanged(let thumb, let value):
        return "\(slider.name): valueChanged thumb=\(thumb) value=\(f.string(for: value, in: slider.model))"
    case .editingChanged(let editing): return "\(slider.name): editing \(editing ? "began" : "ended")"
    case .cancelled: return "\(slider.name): cancelled"
    case .step(let s):
        return "\(slider.name): step boundary=\(f.string(for: s.boundary, in: slider.model)) count=\(s.count) direction=\(s.direction)"
    case .limit(let l): return "\(slider.name): limit \(l.end)"
    case .scrubbingRateChanged(let rate): return "\(slider.name): scrubbing rate \(ValueFormatter.format(rate, places: 2))"
    }
}

let volume = makeSlider("volume", y: 20) { s throws(SliderError) in
    try s.setStepFeedback(StepFeedbackConfiguration(boundaries: .every(0.1)))
    s.minimumValueImage = .symbol(.speakerQuiet)
    s.maximumValueImage = .symbol(.speakerLoud)
}
let temperature = makeSlider("temperature", y: 80) { s throws(SliderError) in
    try s.setBounds(minimum: 16, maximum: 28)
    try s.setStepping(.size(0.5))
    try s.setValue(21, animated: false)
}
let window = Slider(isRange: true, name: "time-window", clock: clock)
window.frame = Rect(x: 20, y: 140, width: 360, height: 44)
do { try window.setBounds(minimum: 0, maximum: 24); try window.setStepping(.size(0.25)); try window.setMinimumSeparation(1); try window.setValue(18, ofThumb: 1, animated: false); try window.setValue(6, ofThumb: 0, animated: false) } catch { fatalError("\(error)") }
window.onEvent = { print(describe($0, of: window)) }
router.add(window)

var t: UInt32 = 1000
@MainActor func send(_ kind: InputEvent.Kind, after ms: UInt32 = 8) {
    t += ms
    clock.advance(by: Double(ms) / 1000)
    router.handle(InputEvent(time: t, kind))
}

print("-- pointer: press the volume thumb and drag it right")
let start = volume.layout.thumbCenter(atPosition: 0)
send(.pointerEnter(start)); send(.pointerFrame, after: 0)
send(.pointerButton(button: PointerButton.left, state: .pressed)); send(.pointerFrame, after: 0)
for i in 1...12 {
    send(.pointerMotion(Point(x: start.x + Double(i) * 20, y: start.y))); send(.pointerFrame, after: 0)
}
send(.pointerButton(button: PointerButton.left, state: .released)); send(.pointerFrame, after: 0)

print("-- two fingers move both thumbs of the range slider")
let lower = window.layout.thumbCenter(atPosition: 0.25), upper = window.layout.thumbCenter(atPosition: 0.75)
send(.touchDown(id: 1, lower)); send(.touchDown(id: 2, upper), after: 0); send(.touchFrame, after: 0)
for i in 1...6 {
    send(.touchMotion(id: 1, Point(x: lower.x + Double(i) * 15, y: lower.y)))
    send(.touchMotion(id: 2, Point(x: upper.x - Double(i) * 15, y: upper.y)), after: 0)
    send(.touchFrame, after: 0)
}
send(.touchUp(id: 1)); send(.touchUp(id: 2), after: 0); send(.touchFrame, after: 0)

print("-- keyboard: Tab from volume to temperature, two Right presses, End, then Left and Escape before release")
send(.key(keysym: Keysym.tab, state: .pressed, modifiers: []))
for _ in 0..<2 {
    send(.key(keysym: Keysym.right, state: .pressed, modifiers: []))
    send(.key(keysym: Keysym.right, state: .released, modifiers: []))
}
send(.key(keysym: Keysym.end, state: .pressed, modifiers: []))
send(.key(keysym: Keysym.end, state: .released, modifiers: []))
send(.key(keysym: Keysym.left, state: .pressed, modifiers: []))
send(.key(keysym: Keysym.escape, state: .pressed, modifiers: []))
send(.key(keysym: Keysym.left, state: .released, modifiers: []))

print("-- final: volume=\(volume.formatter.string(for: volume.value, in: volume.model)) " +
      "temperature=\(temperature.accessibilityValue) window=\(window.accessibilityValue)")

do {
    let panel = try ControlPanel(style: options.theme.style, layoutDirection: options.layoutDirection, clock: clock)
    try PanelRendering.render(panel, background: options.theme.background, scale: options.scale, to: options.output)
    let path = URL(fileURLWithPath: options.output).standardizedFileURL.path
    print("-- rendered the control panel offscreen (\(options.theme.rawValue), scale \(options.scale)): \(path)")
} catch {
    FileHandle.standardError.write(Data("slider-demo: could not render the panel: \(error)\n".utf8))
    exit(1)
}
