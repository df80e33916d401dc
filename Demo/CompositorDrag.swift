import FrameTiming
import HeadlessWeston
import SliderCore
@_spi(Internals) import SliderWayland
@_spi(Internals) import WaylandSlider

/// The bench's drag as a person's finger or mouse makes it: input sent through the private compositor's own
/// seat at a fixed rate, whatever the window draws, so each event carries the compositor's time and the
/// window's frames are timed against it (weston's input module for pointer and touch; sway's virtual pointer).
final class CompositorDrag {
    /// What moves the thumb.
    enum Device: String, CaseIterable {
        /// Input replayed into the window, one motion per frame (no compositor in between).
        case replay
        case pointer
        case touch
    }

    private enum Injector {
        case weston(InjectedInput)
        case wlroots(VirtualPointer)
    }

    private let injector: Injector
    private let device: Device
    private let interval: Double
    private var script: DragScript
    private var next: Double
    private var pressed = false

    /// Binds the compositor's input for `window` (weston: aimed at the window's surface; sway, cage and labwc:
    /// the window is made fullscreen, so its points are the output's) and drags `slider` at `rate` events a
    /// second.
    init(session: DisplaySession, window: SliderWindow, slider: Slider, device: Device, rate: Double) throws {
        self.device = device
        interval = 1 / rate
        switch session.kind {
        case .weston:
            injector = .weston(try InjectedInput(surface: window.frameLoop))
        case let kind? where [.sway, .cage, .labwc].contains(kind) && device == .pointer:
            window.setFullscreen(true)
            let deadline = MonotonicTime.seconds() + 5
            while window.size == ControlPanel.size, MonotonicTime.seconds() < deadline { try window.dispatch(timeout: 0.05) }
            let pointer = try VirtualPointer(surface: window.frameLoop, extent: window.size)
            injector = .wlroots(pointer)
            try Self.enter(window, with: pointer, at: DragScript(slider: slider).start)
        default:
            throw DemoError(description: "--input \(device.rawValue) drives weston's input module (pointer, touch) or the virtual pointer of sway, cage or labwc (pointer): start one with --compositor")
        }
        while window.hasFrameInFlight { try window.dispatch(timeout: 0.05) }
        script = DragScript(slider: slider)
        next = MonotonicTime.seconds()
    }

    /// wlroots gives its seat a pointer with the virtual pointer's first event, so a press sent with that event
    /// reaches no window: the pointer is moved onto the window at `point` until the window has it (its
    /// enter), and only then is anything pressed.
    private static func enter(_ window: SliderWindow, with pointer: VirtualPointer, at point: Point) throws {
        let recording = window.onInput
        defer { window.onInput = recording }
        var entered = false
        window.onInput = { event in
            if case .pointerEnter = event.kind { entered = true }
            recording?(event)
        }
        let deadline = MonotonicTime.seconds() + 5
        while !entered {
            guard MonotonicTime.seconds() < deadline else { throw DemoError(description: "--input pointer: the virtual pointer did not enter the window within 5 s") }
            pointer.move(to: point)
            try pointer.roundtrip()
            try window.dispatch(timeout: 0.05)
        }
    }

    /// Seconds until the next event is due (0: now).
    var timeUntilNextEvent: Double { max(0, next - MonotonicTime.seconds()) }

    /// Sends the events due by now: the press on the thumb first, then one motion per interval (late ones are
    /// not made up: a compositor that fell behind gets the next position, as from a finger).
    func sendDueEvents() throws(WaylandError) {
        let now = MonotonicTime.seconds()
        guard now >= next else { return }
        next = max(next + interval, now)
        let point = pressed ? script.nextPoint() : script.start
        switch injector {
        case .weston(let input):
            switch (device, pressed) {
            case (.touch, false): input.touchDown(0, at: point)
            case (.touch, true): input.touchMotion(0, to: point)
            default: input.movePointer(to: point)
            }
            if device == .touch { input.touchFrame() } else if !pressed { input.button(true) }
            try input.flush()
        case .wlroots(let pointer):
            pointer.move(to: point)
            if !pressed { pointer.button(true) }
            try pointer.flush()
        }
        pressed = true
    }
}
