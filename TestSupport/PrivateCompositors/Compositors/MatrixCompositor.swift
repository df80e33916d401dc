import Foundation
import FrameTiming
@_spi(Internals) import SliderCore
@_spi(Internals) import SliderRenderer
@_spi(Internals) import SliderWayland
@_spi(Internals) import WaylandSlider

/// The compositors of the matrix, each started headless by the test itself: Debian 12's weston 10, sway 1.7,
/// cage 0.1.4 and KWin 5.27, or Debian 13's weston 14, sway 1.10, cage 0.2, KWin 6.3, labwc 0.8 and GNOME
/// Shell 48, whichever release the tests run on (labwc is not in Debian 12, and GNOME Shell 43's headless
/// mode is not tried here).
package enum CompositorKind: String, CaseIterable, CustomStringConvertible, Sendable {
    case weston, sway, cage, kwin, labwc, gnome
    package var description: String { rawValue }
    /// The compositors this release packages.
    package static let onThisRelease: [CompositorKind] = isDebian12 ? [.weston, .sway, .cage, .kwin] : allCases
    /// The ones with a keyboard the tests can drive: weston's through the input module, sway's and labwc's
    /// through the virtual-keyboard protocol, KWin's through its fake input, GNOME's through mutter's remote
    /// desktop, and a `.sized` cage's through the sway that shows its output (on wlroots' Wayland backend
    /// cage's seat's pointer and keyboard are its host's).
    package static let withKeyboard: [CompositorKind] = onThisRelease
    /// The ones with a pointer the tests can drive: the same, through the virtual pointer, fake input, the
    /// host sway and GNOME's remote desktop (absolute motion in a screen-cast stream of the monitor).
    package static let withPointer: [CompositorKind] = onThisRelease
    /// The ones with a touchscreen the tests can drive: weston's input module, GNOME's remote desktop (in
    /// the screen-cast stream too), and for sway, cage, labwc and KWin weston's touchscreen passed on by their
    /// Wayland backend (`touchscreen: true`; wlroots has no virtual touch protocol, and touch sent through
    /// KWin 5.27's and 6.3's fake input did not reach the window when tried).
    package static let withTouch: [CompositorKind] = onThisRelease
    /// The ones with a fullscreen state the tests can ask for (on cage every window is fullscreen: a kiosk).
    package static let withFullscreen: [CompositorKind] = onThisRelease
    /// The ones a fullscreen window drawing only its sliders' area (`CoveredArea`) is shown on: every one
    /// (labwc 0.8 and cage 0.2 showed a dark vignette for the background while it was one pixel, which their
    /// wlroots scaled bilinearly with nothing beyond it). Debian 12's cage 0.1.4 offers no wp_viewporter:
    /// the window there draws everything itself.
    package static let drawingOnlySliderArea: [CompositorKind] = onThisRelease
    /// The ones the tests give a fractional output scale, each offering wp_fractional_scale_v1: KWin (its
    /// output management), labwc (wlr-output-management), sway 1.10 (swaymsg) and GNOME (mutter's stored
    /// monitor configuration). Debian 12's sway 1.7 has no fractional-scale protocol.
    package static let withFractionalScale: [CompositorKind] = onThisRelease.filter { [.kwin, .labwc, .gnome].contains($0) || ($0 == .sway && !isDebian12) }
    /// Each compositor with wp_fractional_scale_v1 at the two fractional scales the matrix tests. (A test's
    /// arguments name it: Swift 6.0 crashes on nested closures written inside `@Test(arguments:)`.)
    package static let fractionalOutputs: [(kind: CompositorKind, scale: Double)] = withFractionalScale.flatMap { kind in [1.25, 1.5].map { (kind, $0) } }
    /// Whether the tests start the windows fullscreen: on cage every window is (a kiosk); KWin, labwc and GNOME
    /// place a window where they like, and fullscreen puts it at (0, 0), where injected absolute positions
    /// are the window's own.
    package var startsFullscreen: Bool { self != .weston && self != .sway }
    /// Whether the compositor offers wp_cursor_shape_v1: sway 1.10, labwc 0.8, KWin 6.3 and mutter 48; not
    /// weston (10 or 14), cage (0.1.4 or 0.2), nor Debian 12's sway 1.7 or KWin 5.27.
    package var offersCursorShape: Bool { !Self.isDebian12 && [.sway, .labwc, .kwin, .gnome].contains(self) }
    /// Whether the compositor offers wp_fifo_v1 and wp_commit_timing_v1: mutter 48; not weston (10 or 14),
    /// KWin 6.3, wlroots 0.18's sway, cage and labwc, nor anything in Debian 12.
    package var offersFramePacing: Bool { !Self.isDebian12 && self == .gnome }
    private static var isDebian12: Bool { HeadlessWlroots.isDebian12 }
}

extension PresentationPath {
    /// Both ways frames reach a compositor: every scenario of the matrix runs on each.
    package static let both: [PresentationPath] = [.eglWindow, .sharedMemory]
}

/// One compositor of the matrix with the test panel's sliders in a window on it, and the ways this
/// compositor lets a test drive input and read back what it shows.
package final class MatrixCompositor {
    package let kind: CompositorKind
    /// How the window's frames reach the compositor.
    package let path: PresentationPath
    package let compositor: PrivateCompositor
    package let panel: Panel
    package let window: SliderWindow
    private let injected: InjectedInput?
    private let virtualPointer: VirtualPointer?
    private let virtualKeyboard: VirtualKeyboard?
    private let fakeInput: FakeInput?
    /// A `.sized` cage's input: a virtual pointer of the sway that shows cage's output, which cage's
    /// Wayland backend passes on as a pointer of its own seat.
    private let hostPointer: VirtualPointer?
    /// A wlroots compositor's touchscreen: weston's, in whose output the compositor's output is a window
    /// (`touchscreen`), in weston's global space, which is the compositor's output's.
    private let hostTouch: InjectedInput?
    /// Touch events the window has received: touch through `hostTouch` is waited for by them, not by frames
    /// (cage 0.1.4 sends no wl_touch.frame; sway 1.7 none after the last finger's up, as mutter 48).
    private var touchEvents = 0
    /// GNOME's remote desktop input.
    private var gnome: HeadlessGnome? { compositor as? HeadlessGnome }
    /// Pointer frames the window has received (a `.sized` cage's input is waited for by them).
    private var pointerFrames = 0
    /// The input events the window has received since GNOME's remote desktop last sent some (mutter passes
    /// them on from its input thread: they are waited for).
    private var received: [InputEvent.Kind] = []
    /// The pointer's enters and leaves the window has received, for failure messages: a compositor draws its
    /// own arrow where the pointer is over no window of ours, or until the window's enter hid it.
    private var pointerCrossings = (enters: 0, leaves: 0)
    /// The pointer's enters and leaves so far, for a failure message.
    package var pointerHistory: String { "\(pointerCrossings.enters) pointer enters, \(pointerCrossings.leaves) leaves" }

    /// The output's size in points (weston's is 1024 x 768 px, sway's and KWin's 1280 x 720 pt, cage's
    /// 720 x 1280 px), turned as the output is.
    package private(set) var outputPoints: Size

    /// Starts `kind` with its output at `scale` (integer on weston and Debian 12's sway, fractional ones on KWin,
    /// labwc, sway 1.10 and GNOME; cage has none, and
    /// shows its output as `kiosk` says) and a window presenting through `path`, its cursor hidden unless
    /// `showsCursor` (screenshots then compare with offscreen renders wherever the pointer is). The window
    /// is made fullscreen when `createdFullscreen` (default: the compositor's `startsFullscreen`), or asked
    /// for fullscreen after its first frame when `fullscreen`; `drawsOnlySliderArea` as in `WindowConfiguration`.
    /// sway, cage, labwc and KWin get a `touchscreen` inside a private weston (`HeadlessWlroots`,
    /// `HeadlessKWin`), at scale 1 (cage landscape, whatever `kiosk` says).
    package init(_ kind: CompositorKind, path: PresentationPath, scale: Double = 1, fullscreen: Bool = false, createdFullscreen: Bool? = nil,
         drawsOnlySliderArea: Bool = false, kiosk: HeadlessWlroots.KioskOutput = .portrait, touchscreen: Bool = false,
         showsCursor: Bool = false, pacing: FramePacing = .frameCallbacks) throws {
        self.kind = kind
        self.path = path
        switch kind {
        case .weston:
            compositor = try HeadlessWeston(scale: Int(scale))
            outputPoints = Size(width: 1024 / scale, height: 768 / scale)
        case .sway, .cage, .labwc:
            // 1280 x 720 points at any scale (sway's and labwc's output).
            let wlroots = try HeadlessWlroots(HeadlessWlroots.Kind(rawValue: kind.rawValue)!, width: Int(1280 * scale), height: Int(720 * scale),
                                              scale: scale, kiosk: touchscreen ? .landscape : kiosk, touchscreen: touchscreen)
            compositor = wlroots
            outputPoints = Size(width: (Double(wlroots.outputSize.width) / wlroots.scale).rounded(), height: (Double(wlroots.outputSize.height) / wlroots.scale).rounded())
        case .kwin:
            let kwin = try HeadlessKWin(scale: scale, touchscreen: touchscreen)
            compositor = kwin
            outputPoints = Size(width: Double(kwin.outputPoints.width), height: Double(kwin.outputPoints.height))
        case .gnome:
            let gnome = try HeadlessGnome(scale: scale)
            compositor = gnome
            outputPoints = Size(width: Double(gnome.outputPoints.width), height: Double(gnome.outputPoints.height))
        }
        panel = try Panel()
        // A kiosk's window is fullscreen from the start (cage configures it 0 x 0 first; the window then takes
        // the output's size); so are KWin's and labwc's (`startsFullscreen`).
        let createdFullscreen = createdFullscreen ?? kind.startsFullscreen
        var configuration = WindowConfiguration(title: "slider matrix", size: Panel.size, isFullscreen: createdFullscreen,
                                                hidesCursor: !showsCursor, presentation: path)
        configuration.framePacing = pacing
        configuration.drawsOnlySliderArea = drawsOnlySliderArea
        window = try SliderWindow(measuring: configuration, sliders: panel.sliders, background: Panel.background, socket: compositor.socketPath)
        // The first frame is shown before input is bound: weston's module aims at the window's view.
        let shown = Date().addingTimeInterval(5)
        while window.hasFrameInFlight || (kind == .weston && window.frameLoop.awaitsPresentation), Date() < shown { try window.dispatch(timeout: 0.05) }
        injected = kind == .weston ? try InjectedInput(surface: window.frameLoop) : nil
        let virtualInput = kind == .sway || kind == .labwc
        virtualPointer = virtualInput ? try VirtualPointer(surface: window.frameLoop, extent: outputPoints) : nil
        let extent = outputPoints
        let host = try (compositor as? HeadlessWlroots)?.hostSocketPath.map { try WaylandClient(socket: $0) }
        hostPointer = try host.map { try VirtualPointer(client: $0, extent: extent) }
        // A `.sized` cage's keyboard is its host sway's, as its pointer is.
        virtualKeyboard = try virtualInput ? VirtualKeyboard(surface: window.frameLoop) : host.map { try VirtualKeyboard(client: $0) }
        fakeInput = kind == .kwin ? try FakeInput(surface: window.frameLoop) : nil
        hostTouch = try compositor.touchHost.map { try InjectedInput(globalOn: $0) }
        window.onInput = { [unowned self] event in
            switch event.kind {
            case .pointerFrame: pointerFrames += 1
            case .touchDown, .touchMotion, .touchUp, .touchFrame: touchEvents += 1
            case .pointerEnter: pointerCrossings.enters += 1
            case .pointerLeave: pointerCrossings.leaves += 1
            default: break
            }
            if kind == .gnome { received.append(event.kind) }
        }
        if let hostPointer {
            // sway gives its seat a pointer with the virtual pointer's first event, and cage's window enters the
            // window where sway's cursor was: the second motion is the first that lands where it is sent.
            for _ in 0..<2 { try throughHost { hostPointer.move(to: Point(x: 2, y: 2)) } }
        }
        // weston draws its default pointer image over whatever the pointer is on; moved onto the window (clear
        // of the sliders), the pointer takes the window's hidden cursor. This is done before fullscreen: the
        // input module aims at a window's view, and a fullscreen window's is another.
        if let injected {
            injected.movePointer(to: Point(x: 2, y: 2))
            try injected.roundtrip()
            if let failure = injected.failure { throw MatrixError(description: "weston's input module: \(failure)") }
        }
        // sway and labwc draw their default cursor where the new virtual pointer is, over the window, until the
        // window has had the pointer's enter and hidden it: a screenshot taken before that (under load) showed
        // sway's arrow. The pointer is moved onto the window (clear of the sliders), and the enter waited for.
        if let virtualPointer {
            let before = pointerFrames
            virtualPointer.move(to: Point(x: 2, y: 2))
            try virtualPointer.roundtrip()
            guard try dispatch(until: { pointerFrames > before }, timeout: 10) else {
                throw MatrixError(description: "\(kind): the virtual pointer's first motion did not reach the window within 10 s")
            }
        }
        if fullscreen { window.setFullscreen(true) }
        if fullscreen || createdFullscreen {
            guard try dispatch(until: { window.size == outputPoints }, timeout: 10) else {
                throw MatrixError(description: "\(kind): the window is \(window.size), not fullscreen on the output's \(outputPoints), after 10 s")
            }
        }
        try settle()
        // On GNOME a touch on a window the pointer has not entered reached no client and took the keyboard
        // focus from the window (4 starts of 6); the pointer is moved onto the window first, clear of the sliders.
        if gnome != nil { try movePointer(to: Point(x: 2, y: 2)) }
    }

    /// Dispatches until the compositor has used every committed frame: its frame callback arrived (weston,
    /// sway and cage send it once the frame was composited), and on weston also its presentation feedback.
    /// sway 1.7 answers a frame's wp_presentation feedback only when the output presents again, which an
    /// idle output does not, so there the frame callback is the sign (KWin offers no wp_presentation).
    package func settle(timeout: Double = 5) throws {
        let settled = try dispatch(until: { !window.hasFrameInFlight && (kind != .weston || !window.frameLoop.awaitsPresentation) }, timeout: timeout)
        guard settled else { throw MatrixError(description: "\(kind): the frames were not shown within \(timeout) s") }
    }

    /// The sliders as the window should show them now, rendered offscreen at the window's size and scale.
    /// A window drawing only its covered area (`CoveredArea`) is rendered as it draws: the area alone (the
    /// sliders moved by its origin, a whole number of pixels), over the background filling the window; the
    /// GLES renderer's edges at fractional scales differ by a few levels with the target's size.
    package func expectedImage() throws -> RGBAImage {
        let scale = window.scale.factor
        var image = try window.renderer.image(of: panel.sliders, size: window.size, scale: scale, background: Panel.background)
        guard let covered = window.frameLoop.role as? CoveredArea else { return image }
        let area = covered.area
        let frames = panel.sliders.map(\.frame)
        defer { for (slider, frame) in zip(panel.sliders, frames) { slider.frame = frame } }
        for slider in panel.sliders { slider.frame = slider.frame.offsetBy(dx: -area.minX, dy: -area.minY) }
        let drawn = try window.renderer.image(of: panel.sliders, size: area.size, scale: scale, background: Panel.background)
        let (x0, y0) = (Int((area.minX * scale).rounded()), Int((area.minY * scale).rounded()))
        for row in 0..<drawn.height where y0 + row < image.height {
            let width = min(drawn.width, image.width - x0)
            let from = row * drawn.width * 4, to = ((y0 + row) * image.width + x0) * 4
            image.pixels.replaceSubrange(to..<(to + width * 4), with: drawn.pixels[from..<(from + width * 4)])
        }
        return image
    }

    /// What the compositor shows of the window now (`PrivateCompositor.screenshot(showing:)`).
    package func screenshot() throws -> RGBAImage { try compositor.screenshot(showing: window.frameLoop) }

    /// Moves the pointer to `point` on the window and lets the window handle what the compositor sent.
    package func movePointer(to point: Point) throws {
        if let hostPointer {
            try throughHost { hostPointer.move(to: point) }

        } else if let injected {
            injected.movePointer(to: point)
            try injected.roundtrip()
        } else if let virtualPointer {
            virtualPointer.move(to: point)
            try virtualPointer.roundtrip()
        } else if let fakeInput {
            fakeInput.move(to: point)
            try fakeInput.roundtrip()
        } else if let gnome {
            try throughRemoteDesktop(gnome, { try gnome.movePointer(to: point) }, until: .pointerFrame) {
                if case .pointerMotion(let at) = $0 { return at.isNear(point) }
                if case .pointerEnter(let at) = $0 { return at.isNear(point) }
                return false
            }
        }
        try window.dispatch(timeout: 0)
    }

    package func button(_ pressed: Bool) throws {
        if let hostPointer {
            try throughHost { hostPointer.button(pressed) }

        } else if let injected {
            injected.button(pressed)
            try injected.roundtrip()
        } else if let virtualPointer {
            virtualPointer.button(pressed)
            try virtualPointer.roundtrip()
        } else if let fakeInput {
            fakeInput.button(pressed)
            try fakeInput.roundtrip()
        } else if let gnome {
            try throughRemoteDesktop(gnome, { try gnome.button(pressed) }, until: .pointerFrame) {
                $0 == .pointerButton(button: PointerButton.left, state: pressed ? .pressed : .released)
            }
        }
        try window.dispatch(timeout: 0)
    }

    /// Scrolls wheel notches over the pointer's position (weston's input module, a virtual pointer, KWin's fake
    /// input, GNOME's remote desktop).
    package func scroll(notches: Int) throws {
        if let hostPointer {
            try throughHost { hostPointer.scroll(notches: notches) }

        } else if let virtualPointer {
            virtualPointer.scroll(notches: notches)
            try virtualPointer.roundtrip()
        } else if let injected {
            injected.scroll(notches: Int32(notches))
            try injected.roundtrip()
        } else if let fakeInput {
            fakeInput.scroll(notches: notches)
            try fakeInput.roundtrip()
        } else if let gnome {
            try throughRemoteDesktop(gnome, { try gnome.scroll(notches: notches) }, until: .pointerFrame) {
                if case .pointerAxis = $0 { return true }
                return false
            }
        }
        try window.dispatch(timeout: 0)
    }

    /// Puts finger 1 down at `point` on the window, moves it there, or lifts it (`point` nil), and lets the
    /// window handle what the compositor sent.
    package func touch(down: Bool = false, at point: Point?) throws {
        if let finger = hostTouch ?? injected {
            let before = touchEvents
            if let point { down ? finger.touchDown(1, at: point) : finger.touchMotion(1, to: point) } else { finger.touchUp(1) }
            finger.touchFrame()
            try finger.roundtrip()
            // Through weston to a compositor inside it, then to the window: waited for.
            if hostTouch != nil {
                if let failure = finger.failure { throw MatrixError(description: "weston's input module: \(failure)") }
                guard try dispatch(until: { touchEvents > before }) else {
                    throw MatrixError(description: "\(kind) did not pass weston's touch on within 3 s")
                }
            }
        } else if let gnome {
            // mutter 48 sends the wl_touch.frame that ends the last finger's up only with the next touch: the
            // up is waited for alone.
            try throughRemoteDesktop(gnome, { try gnome.touch(0, down: down, at: point) }, until: point == nil ? nil : .touchFrame) {
                switch ($0, point) {
                case (.touchDown(_, let at), let point?) where down: at.isNear(point)
                case (.touchMotion(_, let at), let point?) where !down: at.isNear(point)
                case (.touchUp, nil): true
                default: false
                }
            }
        } else {
            throw MatrixError(description: "\(kind) has no touchscreen the tests can drive")
        }
        try window.dispatch(timeout: 0)
    }

    /// Presses and releases keys (evdev codes) and lets the window handle them.
    package func tap(_ codes: [UInt32]) throws {
        if let injected {
            for code in codes {
                injected.key(code, pressed: true)
                injected.key(code, pressed: false)
            }
            try injected.roundtrip()
        } else if let virtualKeyboard {
            try virtualKeyboard.tap(codes)
        } else if let fakeInput {
            fakeInput.tap(codes)
            try fakeInput.roundtrip()
        } else if let gnome {
            gnome.tap(codes)
        }
        try window.dispatch(timeout: 0)
    }

    /// Sends `input` through `gnome`'s remote desktop and dispatches until the window has received an event
    /// `expected` accepts and the `frame` that ends it (if any).
    private func throughRemoteDesktop(_ gnome: HeadlessGnome, _ input: () throws -> Void, until frame: InputEvent.Kind?, expected: (InputEvent.Kind) -> Bool) throws {
        received.removeAll()
        try input()
        // 10 s: under heavy load (two suites and two busy loops on two cores) mutter once took longer than 3 s
        // to pass the remote desktop's pointer on; a wait that ends as soon as the event comes.
        let arrived = try dispatch(until: { received.firstIndex(where: expected).map { frame.map(received[$0...].contains) ?? true } ?? false },
                                   timeout: 10)
        guard arrived else {
            // What the shell showed then (saved to be looked at), and what it said last.
            let name = "gnome-input-lost-\(UUID().uuidString.prefix(8))"
            var shown = "saved as \(name).png"
            do { try Renders.save(gnome.screenshot(), as: name) } catch { shown = "not saved: \(error)" }
            throw MatrixError(description: "gnome: the remote desktop's input did not reach the window within 10 s (received \(received); window \(window.size), output \(outputPoints); screenshot \(shown)); the shell's log ends:\n\(gnome.log.suffix(1500))")
        }
    }

    /// Sends `input` through a `.sized` cage's host and dispatches until the window has it: sway passes it to
    /// cage, and cage to the window, each when it next reads its socket; cage ends it with a pointer frame.
    private func throughHost(_ input: () -> Void) throws {
        let before = pointerFrames
        input()
        try hostPointer?.roundtrip()
        guard try dispatch(until: { pointerFrames > before }) else {
            throw MatrixError(description: "cage did not pass the host's pointer event on within 3 s")
        }
    }

    /// Turns the output to portrait (90 degrees) or back upright, as a user turns a monitor: through sway's
    /// IPC, KWin's output management, or a `.sized` cage's host sway (cage's output is a window there).
    /// Returns once the window has the turned output's size. (weston 10's desktop shell does not fit a
    /// window to a turned output.)
    package func turnOutput(portrait: Bool) throws {
        switch compositor {
        case let wlroots as HeadlessWlroots:
            try wlroots.configureOutput("transform", portrait ? "90" : "normal")
        case let kwin as HeadlessKWin:
            try kwin.configureOutput(portrait ? "rotation.right" : "rotation.normal")
        default:
            throw MatrixError(description: "\(kind) cannot turn its output")
        }
        let (long, short) = (max(outputPoints.width, outputPoints.height), min(outputPoints.width, outputPoints.height))
        outputPoints = portrait ? Size(width: short, height: long) : Size(width: long, height: short)
        virtualPointer?.extent = outputPoints
        hostPointer?.extent = outputPoints
        guard try dispatch(until: { window.size == outputPoints }, timeout: 5) else {
            throw MatrixError(description: "\(kind): the window is \(window.size) after the output turned to \(outputPoints)")
        }
    }

    /// Asks for fullscreen (or leaves it) and waits until the window has the size the compositor gives.
    package func fillOutput(_ fullscreen: Bool) throws {
        let size = window.size
        window.setFullscreen(fullscreen)
        guard try dispatch(until: { fullscreen ? window.size == outputPoints : window.size != size }, timeout: 5) else {
            throw MatrixError(description: "\(kind): the window is \(window.size) after asking for fullscreen \(fullscreen)")
        }
    }

    /// Sets the output's scale while it runs (sway: integer; KWin and labwc: any) and waits until the window
    /// draws at it.
    package func setOutputScale(_ scale: Double) throws {
        let before = window.scale.factor
        switch compositor {
        case let wlroots as HeadlessWlroots where kind != .cage:
            try wlroots.configureOutput("scale", kind == .sway ? "\(Int(scale))" : "\(scale)")
        case let kwin as HeadlessKWin:
            try kwin.configureOutput("scale.\(scale)")
        default:
            throw MatrixError(description: "\(kind) cannot change its output's scale while it runs")
        }
        outputPoints = Size(width: (outputPoints.width * before / scale).rounded(), height: (outputPoints.height * before / scale).rounded())
        virtualPointer?.extent = outputPoints
        guard try dispatch(until: { window.scale.factor == scale && window.size == outputPoints }, timeout: 5) else {
            throw MatrixError(description: "\(kind): the window is \(window.size) at \(window.scale) after the output's scale became \(scale)")
        }
    }

    /// Dispatches until `condition` holds or `timeout` seconds pass; returns whether it held.
    package func dispatch(until condition: () -> Bool, timeout: Double = 3) throws -> Bool {
        try dispatch(until: condition, timeout: timeout) { try window.dispatch(timeout: 0.05) }
    }

    /// Runs `step` (one turn of a loop) until `condition` holds or `timeout` seconds pass; false on timeout.
    package func dispatch(until condition: () -> Bool, timeout: Double, step: () throws -> Void) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { return false }
            try step()
        }
        return true
    }
}

/// A matrix fixture that could not be set up, and why.
package struct MatrixError: Error, CustomStringConvertible {
    package let description: String
    package init(description: String) { self.description = description }
}

extension Point {
    /// Within half a point of `other` on both axes (a position that went through the compositor's fixed point).
    fileprivate func isNear(_ other: Point) -> Bool { abs(x - other.x) <= 0.5 && abs(y - other.y) <= 0.5 }
}

extension HeadlessWlroots.Kind {
    /// The wlroots compositors of the matrix on this release.
    package static let onThisRelease: [HeadlessWlroots.Kind] = CompositorKind.onThisRelease.compactMap { HeadlessWlroots.Kind(rawValue: $0.rawValue) }
}
