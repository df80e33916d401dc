import Foundation
import PrivateCompositors
import SliderCore
@_spi(Internals) import SliderWayland
@_spi(Internals) import SliderRenderer
import Testing

/// Examples/subsurface-host: a C program with its own xdg_toplevel and EGL background embeds two sliders as
/// subsurfaces through the C API. Runs on a private weston whose output is the window's size (the desktop
/// shell places such a window at 0, 0), with input injected through weston's seat in global coordinates; on
/// each presentation path (`WAYLAND_SLIDER_PRESENTATION`), which the host reports through the C API.
@Suite(.serialized) struct SubsurfaceHostTests {
    static let size = (width: 480, height: 240)
    static let background = Color(hex: 0x2E3440)

    /// The sliders as the host configures them: a continuous iOS one and a Material one in steps of 0.1.
    static func volume(_ value: Double, width: Double = 416) throws -> Slider {
        let slider = try Slider(value: value, in: 0...1)
        slider.frame = Rect(x: 8, y: 14, width: width, height: 44)
        slider.style = .iOS(.light)
        return slider
    }

    static func steps(_ value: Double, width: Double = 416) throws -> Slider {
        let slider = try Slider(value: value, in: 0...1, step: 0.1)
        slider.frame = Rect(x: 8, y: 14, width: width, height: 44)
        slider.style = .material(.light)
        return slider
    }

    /// The window as it should look: the host's background, each subsurface rendered offscreen at its own
    /// size over that background (as weston composites its transparent pixels) and placed at its origin.
    static func expected(volume: Double, steps: Double, stepsFrame: Rect = Rect(x: 24, y: 120, width: 432, height: 72),
                         renderer: RendererKind) throws -> RGBAImage {
        var image = RGBAImage.filled(width: size.width, height: size.height, with: background)
        for (slider, frame) in [(try self.volume(volume), Rect(x: 24, y: 24, width: 432, height: 72)),
                                (try self.steps(steps, width: stepsFrame.width - 16), stepsFrame)] {
            let rendered = try renderer.image(of: [slider], size: frame.size, scale: 1, background: background)
            image = image.pasting(rendered, atX: Int(frame.minX), y: Int(frame.minY))
        }
        return image
    }

    @Test(arguments: ["egl", "shm"])
    func embeddedSlidersTakeTouchAndPointerInputAndTheHostNeverRedraws(_ path: String) throws {
        let weston = try HeadlessWeston(width: Self.size.width, height: Self.size.height)
        let host = try PipedProcess(try CExamples.binaries().appendingPathComponent("subsurface-host"), on: weston,
                                   environment: ["WAYLAND_SLIDER_PRESENTATION": path])
        let reported = path == "egl" ? "egl-window" : "shm"
        // Without a GPU the wl_shm path is drawn by the CPU renderer.
        let renderer: RendererKind = path == "egl" || GPUProbe.hasGPU ? .gles : .cpu
        #expect(host.lines.contains("presentation volume \(reported)") && host.lines.contains("presentation steps \(reported)"), "\(host.lines)")
        // Before anything else makes weston repaint (a capture does): the host sets the volume on each of 25
        // frames, which needs the compositor's frame callbacks to come (weston sends a new subsurface none until
        // its parent commits again). The host draws nothing for it. It ends at sweep_value(24) = 0.24.
        host.send("sweep 25")
        try host.waitFor { $0.contains { $0.hasPrefix("swept") } }
        #expect(host.lines.contains { $0.hasPrefix("swept frames 25 ") && $0.hasSuffix(" host-frames 0") }, "\(host.lines)")
        let input = try InjectedInput(globalOn: weston)
        try expectScreen(input, equals: try Self.expected(volume: 0.24, steps: 0.5, renderer: renderer), "subsurface-host-\(path)")

        // A finger drags the volume thumb 120 points right (the subsurface is at 24, 24).
        let origin = Point(x: 24, y: 24)
        let volume = try Self.volume(0.24)
        let start = volume.layout.thumbCenter(atPosition: 0.24)
        let from = Point(x: origin.x + start.x, y: origin.y + start.y)
        try input.dragFinger(from: from, steps: 6)
        try host.waitFor { $0.contains("editing volume ended") }
        let dragged = try #require(host.lines.lastValue(of: "volume"))
        let expectedValue = 0.24 + volume.layout.positionChange(forAlongDistance: 120)
        #expect(host.lines.contains("editing volume began"))
        #expect(abs(dragged - expectedValue) < 0.05, "volume \(dragged), expected about \(expectedValue)")
        // The host's formatter (ws_slider_set_formatter) writes the value text it prints when editing ends.
        #expect(host.lines.contains("text volume \(Int((dragged * 100).rounded())) %"), "\(host.lines)")

        // The host moves and narrows the steps subsurface; it shows at the new place with the next commit.
        host.send("frame 1 24 160 400 72")
        try host.waitFor { $0.contains("moved") }
        try expectScreen(input, equals: try Self.expected(volume: dragged, steps: 0.5, stepsFrame: Rect(x: 24, y: 160, width: 400, height: 72),
                                                                renderer: renderer),
                              "subsurface-host-moved-\(path)")

        // The pointer drags the steps thumb from 0.5 three steps right: three detents, each reported once.
        let steps = try Self.steps(0.5, width: 384)
        let stepsOrigin = Point(x: 24, y: 160)
        try Self.dragPointer(input, on: steps, at: stepsOrigin, from: 0.5, to: 0.8)
        try host.waitFor { $0.contains("editing steps ended") }
        let detents = host.lines.steps(of: "steps")
        #expect(detents.allSatisfy { $0.direction == 1 }, "\(detents)")
        #expect(detents.map(\.count).reduce(0, +) == 3, "\(detents)")
        #expect(host.lines.lastValue(of: "steps").map { abs($0 - 0.8) < 1e-9 } == true, "\(host.lines.suffix(5))")

        // Two wheel notches over it move it two steps.
        input.scroll(notches: 2)
        try input.roundtrip()
        try host.waitFor { ($0.lastValue(of: "steps").map { abs($0 - 0.8) > 0.15 }) == true }
        #expect(host.lines.lastValue(of: "steps").map { abs(abs($0 - 0.8) - 0.2) < 1e-9 } == true, "\(host.lines.suffix(5))")

        let status = host.finish()
        #expect(status == 0, "\(host.lines.suffix(10))")
        // The host drew its background once; only the subsurfaces drew for the sliders (their first frame, the
        // sweep's 25, then at least one for the input, paced by frame callbacks).
        #expect(host.lines.count(after: "host-frames") == 1, "\(host.lines.suffix(4))")
        #expect((host.lines.count(after: "slider-frames volume") ?? 0) >= 27, "\(host.lines.suffix(4))")
        #expect((host.lines.count(after: "slider-frames steps") ?? 0) >= 2, "\(host.lines.suffix(4))")
    }

    /// Two subsurfaces on one display read the same socket: what one reads for the other waits in the
    /// other's queue, where no poll wakes for it. The other's timeout is then 0, so a loop that waits at most
    /// that long (as the host's does) dispatches it at once instead of sleeping until something else comes.
    /// (A loaded host can read a frame callback in the volume's own dispatch: the host tries again then.)
    @Test(arguments: ["egl", "shm"])
    func eventsOneSubsurfaceReadForAnotherAreDueAtOnce(_ path: String) throws {
        let weston = try HeadlessWeston(width: Self.size.width, height: Self.size.height)
        let host = try PipedProcess(try CExamples.binaries().appendingPathComponent("subsurface-host"), on: weston,
                                   environment: ["WAYLAND_SLIDER_PRESENTATION": path])
        host.send("queued")
        try host.waitFor { $0.contains { $0.hasPrefix("queued") } }
        #expect(host.lines.contains { $0.hasPrefix("queued timeout 0 ") }, "\(host.lines.suffix(4))")
        #expect(host.finish() == 0, "\(host.lines.suffix(10))")
    }

    /// A presentation the environment names that the library does not know stops the host at
    /// ws_subsurface_create with WS_ERROR_INVALID_ARGUMENT and a message naming the variable.
    /// The host publishes its volume slider on a private accessibility bus (found from its session bus, as
    /// a window finds it) under its own app id; pyatspi, as Orca reads, finds it and sets its value, and the
    /// host's value callback reports the change.
    @Test func theHostsSlidersAreOnTheAccessibilityBusUnderItsAppID() throws {
        let bus = try PrivateAccessibilityBus()
        let weston = try HeadlessWeston(width: Self.size.width, height: Self.size.height)
        let host = try PipedProcess(try CExamples.binaries().appendingPathComponent("subsurface-host"), on: weston,
                                   environment: ["DBUS_SESSION_BUS_ADDRESS": bus.sessionAddress, "AT_SPI_BUS_ADDRESS": ""])
        let appID = "org.waylandslider.SubsurfaceHost\(UUID().uuidString.prefix(8))"
        host.send("publish \(appID)")
        try host.waitFor { $0.contains { $0.hasPrefix("published") } }
        #expect(host.lines.contains("published yes"), "\(host.lines)")

        let client = CExamples.packageRoot.appendingPathComponent("Tests/SliderAccessibilityTests/AccessibilityClient/atspi_client.py").path
        let output = bus.runtimeDirectory.appendingPathComponent("client-\(UUID().uuidString.prefix(8)).log").path
        let reader = try ChildProcess("/usr/bin/python3", [client, appID, "set", "Volume", "0.75"], environment: bus.clientEnvironment,
                                      outputPath: output)
        // The client waits up to 15 s for the application; past 90 s it is stopped, and fails the test.
        let deadline = Date().addingTimeInterval(90)
        while reader.isRunning && Date() < deadline { usleep(20_000) }
        if reader.isRunning { reader.signal(SIGKILL) }
        let status = reader.wait()
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        #expect(status == 0, "the client failed:\n\(text)")
        #expect(text.contains("\"Host sliders\"") && text.contains("\"Volume\""), "the frame and the slider: \(text)")
        try host.waitFor { $0.contains("value volume 0.75") }
    }

    /// Presses the pointer on `slider`'s thumb (its subsurface at `origin`) at position `from`, moves it to
    /// position `to` in six motions and releases.
    static func dragPointer(_ input: InjectedInput, on slider: Slider, at origin: Point, from: Double, to: Double) throws {
        let thumb = slider.layout.thumbCenter(atPosition: from), target = slider.layout.thumbCenter(atPosition: to)
        input.movePointer(to: Point(x: origin.x + thumb.x, y: origin.y + thumb.y))
        input.button(true)
        try input.roundtrip()
        for i in 1...6 {
            let x = thumb.x + (target.x - thumb.x) * Double(i) / 6
            input.movePointer(to: Point(x: origin.x + x, y: origin.y + thumb.y))
            try input.roundtrip()
        }
        input.button(false)
        try input.roundtrip()
    }

    /// The host turns haptics on (`haptics APP-ID`: the default pulses, the device found automatically) with a
    /// real feedbackd on its session bus, and a pointer drag crosses three detents of the steps slider. Returns
    /// the host and its step callbacks.
    func dragWithHaptics(_ feedbackd: PrivateFeedbackd, on weston: HeadlessWeston) throws -> (host: PipedProcess, detents: Int) {
        let host = try PipedProcess(try CExamples.binaries().appendingPathComponent("subsurface-host"), on: weston,
                                   environment: ["DBUS_SESSION_BUS_ADDRESS": feedbackd.sessionAddress])
        host.send("haptics org.example.Host")
        try host.waitFor { $0.contains { $0.hasPrefix("haptics ") } }
        let input = try InjectedInput(globalOn: weston)
        try Self.dragPointer(input, on: try Self.steps(0.5), at: Point(x: 24, y: 120), from: 0.5, to: 0.8)
        try host.waitFor { $0.contains("editing steps ended") }
        let detents = host.lines.steps(of: "steps")
        #expect(detents.map(\.count).reduce(0, +) == 3, "\(detents)")
        return (host, detents.count)
    }

    /// Each step callback of the drag is one Vibrate call, under the host's app id (Debian 13's feedbackd).
    @Test(.enabled(if: PrivateFeedbackd.offersHaptics, "Debian 12's feedbackd 0.0.3 has no Haptic interface"))
    func theHostsDetentsReachFeedbackd() throws {
        let feedbackd = try PrivateFeedbackd()
        let weston = try HeadlessWeston(width: Self.size.width, height: Self.size.height)
        let (host, detents) = try dragWithHaptics(feedbackd, on: weston)
        #expect(host.lines.contains("haptics feedbackd"), "\(host.lines)")
        let calls = feedbackd.waitForVibrateCalls(detents)
        #expect(calls.count == detents && calls.allSatisfy { $0.appID == "org.example.Host" }, "\(detents) step callbacks: \(calls)")
        #expect(calls.allSatisfy { $0.pattern == [PrivateFeedbackd.Pulse(strength: 0.5, milliseconds: 8)] }, "\(calls)")
    }

    /// Debian 12's feedbackd has no Haptic interface: the host reports no device, and the drag plays nothing.
    @Test(.enabled(if: !PrivateFeedbackd.offersHaptics, "Debian 13's feedbackd has the Haptic interface"))
    func withoutFeedbackdsHapticInterfaceTheHostsDetentsPlayNothing() throws {
        let feedbackd = try PrivateFeedbackd()
        let weston = try HeadlessWeston(width: Self.size.width, height: Self.size.height)
        let (host, _) = try dragWithHaptics(feedbackd, on: weston)
        #expect(host.lines.contains("haptics none") && feedbackd.vibrateCalls.isEmpty, "\(host.lines)")
    }

    @Test func anUnknownPresentationIsRefusedByName() throws {
        let weston = try HeadlessWeston(width: Self.size.width, height: Self.size.height)
        do {
            _ = try PipedProcess(try CExamples.binaries().appendingPathComponent("subsurface-host"), on: weston,
                                environment: ["WAYLAND_SLIDER_PRESENTATION": "vulkan"])
            Issue.record("the host started")
        } catch {
            #expect("\(error)".contains("ws_subsurface_create failed (1): ws_subsurface_create: WAYLAND_SLIDER_PRESENTATION=vulkan is not one of egl, shm, auto"),
                    "\(error)")
        }
    }
}
