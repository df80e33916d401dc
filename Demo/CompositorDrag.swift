import FrameTiming
import PrivateCompositors
import SliderCore
@_spi(Internals) import SliderWayland
@_spi(Internals) import WaylandSlider

/// The bench's drag as a person's finger or mouse makes it: input sent through the private compositor's own
/// seat at a fixed rate, whatever the window draws, so each event carries the compositor's time and the
/// window's frames are timed against it.
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
        case kwin(FakeInput)
        case gnome(HeadlessGnome)
    }

    private let injector: Injector
    private let device: Device
    private let interval: Double
    private var script: DragScript
    private var next: Double
    private var pressed = false

    /// Binds the compositor's input for `window` and drags `slider` at `rate` events a second: weston's input
    /// module, aimed at the window's surface (pointer, touch), or at the output of sway, cage, labwc or KWin
    /// running inside it (pointer, touch); the virtual pointer of sway, cage and labwc and KWin's fake input (pointer);
    /// mutter's remote desktop (pointer, touch). On all but weston the window is made fullscreen, so its points
    /// are the output's (inside weston, weston's too: the nested output is at its (0, 0), at scale 1).
    init(session: DisplaySession, window: SliderWindow, slider: Slider, device: Device, rate: Double) throws {
        self.device = device
        interval = 1 / rate
        let start = DragScript(slider: slider).start
        switch (session.kind, device, session.enclosingWeston) {
        case (.weston?, _, _):
            injector = .weston(try InjectedInput(surface: window.frameLoop))
        case (_, .pointer, let host?), (_, .touch, let host?):
            try Self.fillOutput(window)
            let input = try InjectedInput(globalOn: host)
            injector = .weston(input)
            if device == .pointer {
                try Self.enter(window, at: start) { point in
                    input.movePointer(to: point)
                    try input.roundtrip()
                }
            }
        case (let kind?, .pointer, nil) where kind.isWlroots:
            try Self.fillOutput(window)
            let pointer = try VirtualPointer(surface: window.frameLoop, extent: window.size)
            injector = .wlroots(pointer)
            try Self.enter(window, at: start) { point in
                pointer.move(to: point)
                try pointer.roundtrip()
            }
        case (.kwin?, .pointer, _):
            try Self.fillOutput(window)
            let fakeInput = try FakeInput(surface: window.frameLoop)
            injector = .kwin(fakeInput)
            try Self.enter(window, at: start) { point in
                fakeInput.move(to: point)
                try fakeInput.roundtrip()
            }
        case (.gnome?, .pointer, _), (.gnome?, .touch, _):
            guard let gnome = session.headless as? HeadlessGnome else { throw DemoError(description: "--input: GNOME Shell has stopped") }
            try Self.fillOutput(window)
            injector = .gnome(gnome)
            if device == .pointer { try Self.enter(window, at: start) { try gnome.movePointer(to: $0) } }
        default:
            throw DemoError(description: "--input \(device.rawValue) drives weston's input module (pointer, touch; sway, cage, labwc or KWin inside weston), mutter's remote desktop "
                            + "(pointer, touch), or the virtual pointer of sway, cage or labwc and KWin's fake input (pointer): start one with --compositor")
        }
        while window.hasFrameInFlight { try window.dispatch(timeout: 0.05) }
        script = DragScript(slider: slider)
        next = MonotonicTime.seconds()
    }

    /// Makes the window fullscreen and waits (up to 5 s) until the compositor says it is and the window has
    /// shown a frame of the new size.
    private static func fillOutput(_ window: SliderWindow) throws {
        window.setFullscreen(true)
        let deadline = MonotonicTime.seconds() + 5
        while !window.isFullscreen || window.hasFrameInFlight {
            guard MonotonicTime.seconds() < deadline else { throw DemoError(description: "--input: the window was not made fullscreen within 5 s") }
            try window.dispatch(timeout: 0.05)
        }
    }

    /// A seat may get its pointer with the first injected event (wlroots' virtual pointer), so a press sent
    /// with that event reaches no window: the pointer is moved onto the window near `point` until the window
    /// has it there (an enter, or a motion where the pointer was already in it), then to `point`, and only
    /// then is anything pressed.
    private static func enter(_ window: SliderWindow, at point: Point, moving move: (Point) throws -> Void) throws {
        let recording = window.onInput
        defer { window.onInput = recording }
        var sent = point
        var (entered, moves, seen, lastSeen) = (false, 0, 0, nil as Point?)
        window.onInput = { event in
            switch event.kind {
            case .pointerEnter(let at), .pointerMotion(let at):
                (seen, lastSeen) = (seen + 1, at)
                entered = entered || (abs(at.x - sent.x) <= 0.5 && abs(at.y - sent.y) <= 0.5)
            default: break
            }
            recording?(event)
        }
        // A compositor may look for the surface under the pointer only when it moves: each try moves it by a
        // point, to and fro.
        let deadline = MonotonicTime.seconds() + 5
        while !entered {
            guard MonotonicTime.seconds() < deadline else {
                let last = lastSeen.map { "the last at (\($0.x), \($0.y))" } ?? "none"
                throw DemoError(description: "--input pointer: the pointer did not enter the window within 5 s (\(moves) moves sent, the last to "
                                + "(\(sent.x), \(sent.y)); the window, \(window.size.width) x \(window.size.height), saw \(seen) enters or motions, \(last))")
            }
            sent = Point(x: sent == point ? point.x + 1 : point.x, y: point.y)
            try move(sent)
            moves += 1
            try window.dispatch(timeout: 0.05)
        }
        try move(point)
    }

    /// Seconds until the next event is due (0: now).
    var timeUntilNextEvent: Double { max(0, next - MonotonicTime.seconds()) }

    /// Sends the events due by now: the press on the thumb first, then one motion per interval (late ones are
    /// not made up: a compositor that fell behind gets the next position, as from a finger). A device's clock
    /// is not the compositor's, so its events fall at every point of a refresh: each interval is the rate's,
    /// dithered by up to half of it either way. An exact interval started from a frame stayed at the same
    /// points of the frames for the whole drag where the output's period is a multiple of it (sway's 60 Hz
    /// output presents every 16.06 ms, four of the 250 Hz intervals): a quarter of the events came just after
    /// a frame began and waited a whole refresh, and the median was 0.7 ms longer than for events at random.
    func sendDueEvents() throws {
        let now = MonotonicTime.seconds()
        guard now >= next else { return }
        repeat { next += interval * Double.random(in: 0.5...1.5) } while next <= now
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
        case .kwin(let fakeInput):
            fakeInput.move(to: point)
            if !pressed { fakeInput.button(true) }
            try fakeInput.flush()
        case .gnome(let gnome):
            if device == .touch {
                try gnome.touch(0, down: !pressed, at: point, waiting: false)
            } else {
                try gnome.movePointer(to: point, waiting: false)
                if !pressed { try gnome.button(true, waiting: false) }
            }
        }
        pressed = true
    }
}
