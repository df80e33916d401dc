import Foundation
import PrivateCompositors
import SliderRenderer
import Testing
@testable import SliderPanel
@_spi(Internals) import WaylandSlider

/// `slider-panel FILE` (what `slider-demo panel --config FILE` runs too) as an integrator runs it: a panel file
/// of three sliders written as the README describes, on a private weston; values in on standard input move the
/// thumbs without coming back out, a drag through weston's seat prints its JSON lines, and bad input lines are
/// reported and lose nothing else. Broken files are refused with file, line and reason before any window opens.
@Suite struct ConfiguredPanelTests {
    static let file = """
        title: Living room
        theme: ios-light
        sliders:
          - id: volume
            label: Volume
            range: [0, 100]
            value: 10
            step: 5
            popup: true
            decimals: 0
            unit: "%"
            end-symbols: [speaker-quiet, speaker-loud]
          - id: brightness
            label: Brightness
            value: 0.5
            end-symbols: [sun-small, sun-large]
          - id: quiet-hours
            label: Quiet hours
            range: [0, 24]
            thumbs: 2
            value: [22, 23]
            step: 0.5
            ticks: always

        """

    func write(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "panel-\(UUID().uuidString).yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The JSON lines the panel printed, decoded.
    func changes(_ lines: [String]) throws -> [[String: Any]] {
        try PipedProcess.jsonObjects(in: lines)
    }

    @Test func valuesComeInOnStandardInputAndADragGoesOutAsJSONLines() throws {
        let path = try write(Self.file)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let weston = try HeadlessWeston(width: 1024, height: 768)
        let demo = try PipedProcess(URL(fileURLWithPath: BuiltProgram.panelBinary), [path, "--fullscreen", "--hide-cursor"], on: weston,
                                    environment: ["WAYLAND_SLIDER_RENDERER": "cpu"],
                                    ready: { $0.contains { $0.contains("showing 3 sliders") } })
        demo.send(#"{"id":"volume","value":40}"#)
        demo.send(#"{"id":"nowhere","value":1}"#)
        demo.send("not json")
        demo.send(#"{"id":"volume","value":400}"#)
        demo.send(#"{"id":"quiet-hours","thumb":1,"value":23.5}"#)
        try demo.waitFor { $0.contains { $0.contains("input line 4:") } }
        #expect(demo.lines.contains { $0.contains("slider-panel: input line 2: no slider \"nowhere\"") }, "\(demo.lines)")
        #expect(demo.lines.contains { $0.contains("input line 3: not JSON") }, "\(demo.lines)")
        #expect(demo.lines.contains { $0.contains("input line 4: 400.0 is outside the range of \"volume\", 0.0...100.0") }, "\(demo.lines)")
        #expect(try changes(demo.lines).isEmpty, "values set on standard input are not echoed: \(demo.lines)")

        // The same panel laid out here as the demo lays it out in its fullscreen window, with the values the
        // input set: the screen shows the thumbs moved.
        let panel = try FilePanel(PanelFile.parse(Self.file, path: path), clock: SystemClock())
        let screen = Size(width: 1024, height: 768)
        panel.layout(in: screen)
        let volume = panel.sliders[0]
        try volume.setValue(40, animated: false)
        try panel.sliders[2].setValue(23.5, ofThumb: 1, animated: false)
        let expected = try RendererKind.cpu.image(of: panel.sliders, size: screen, scale: 1, background: PanelFile().theme.background)
        let input = try InjectedInput(globalOn: weston)
        let shown = try input.capture(area: Rect(x: 0, y: 0, width: screen.width, height: screen.height), matching: expected)
        try shown.image.writePNG(to: Renders.path("configured-panel.png"))
        #expect(shown.maximum <= 2, "the screen against the panel with the values set: max difference \(shown.maximum), \(shown.pixelsOver) pixels over")

        // A drag from where the volume's thumb is now (40), 100 points right.
        let start = volume.layout.thumbCenter(atPosition: volume.model.position(of: 40))
        try input.drag(from: start, steps: 5, by: Point(x: 20, y: 0))
        try demo.waitFor { lines in lines.contains { $0.contains("\"editing\":false") } }
        let out = try changes(demo.lines)
        let values = out.compactMap { $0["id"] as? String == "volume" ? $0["value"] as? Double : nil }
        #expect(out.dropLast().allSatisfy { $0["editing"] as? Bool == true } && out.last?["editing"] as? Bool == false, "\(out)")
        // The --events fields are there too: the kind, the slider's name, the thumb, the time.
        #expect(out.dropLast().allSatisfy { $0["kind"] as? String == "valueChanged" } && out.last?["kind"] as? String == "editingEnded", "\(out)")
        #expect(out.allSatisfy { $0["slider"] as? String == "volume" && $0["thumb"] as? Int == 0 && $0["time"] is Double }, "\(out)")
        #expect(values.first.map { $0 > 40 } == true && values == values.sorted(), "the drag moved the volume up from 40: \(values)")
        let end = try #require(values.last)
        #expect(abs(end - (40 + volume.layout.positionChange(forAlongDistance: 100) * 100)) <= 5, "ended at \(end)")
    }

    /// Each broken file is refused with its path, line, column and what is wrong, and exit status 1, before a
    /// window opens (no compositor is reachable: a window would fail with another message).
    @Test(arguments: [
        ("sliders:\n  - id: volume\n    range: [100, 0]\n", "3:12: range must be [minimum, maximum] with minimum < maximum"),
        ("sliders:\n  - id: volume\n    colour: red\n", "3:5: unknown key \"colour\" in a slider"),
        ("sliders:\n  - id: a\n  - id: a\n", "3:5: a second slider with the id \"a\""),
        ("title: [unclosed\nsliders: []\n", "YAML:"),
        ("sliders:\n  - id: volume\n    value: 2\n", "3:12: value must be within the range 0.0...1.0"),
        ("sliders:\n  - id: r\n    thumbs: 2\n    value: 0.5\n", "4:12: a slider with two thumbs takes value: [lower, upper]"),
        ("title: Empty\n", "1:1: the panel has no `sliders:` list"),
        ("sliders:\n  - id: v\n    snap: sometimes\n", "3:11: snap must be one of never, always, on-release, not \"sometimes\""),
        ("sliders:\n  - id: v\n    end-images: [missing.png, missing.png]\n", "3:18: missing.png: not a PNG that can be read"),
        ("sliders:\n  - id: f\n    value-scale: logarithmic\n", "3:18: a logarithmic scale needs a minimum above 0, not 0.0"),
        ("sliders:\n  - id: v\n    value-scale: power\n", "3:18: value-scale: power needs an exponent, such as exponent: 3"),
        ("sliders:\n  - id: v\n    value-scale: power\n    exponent: -1\n", "4:15: power scale exponent -1.0: a finite number above 0"),
        ("sliders:\n  - id: v\n    exponent: 2\n", "3:15: exponent is for value-scale: power"),
        ("sliders:\n  - id: v\n    key-step: 0\n", "3:15: keyboardStep 0.0: it must be above 0"),
        ("sliders:\n  - id: v\n    page-step: -2\n", "3:16: pageStep -2.0: it must be above 0"),
        ("sliders:\n  - id: v\n    popup: sometimes\n", "3:12: popup must be true, false or always"),
    ])
    func aBrokenFileIsRefusedWithItsLineBeforeAnyWindow(_ text: String, _ message: String) throws {
        let path = try write(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try BuiltProgram.run([path], executable: BuiltProgram.panelBinary, environment: ["WAYLAND_DISPLAY": "no-such-display-\(UUID().uuidString)"])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("slider-panel: \(path):") && result.standardError.contains(message), "\(result.standardError)")
        #expect(!result.standardError.contains("Wayland") && result.standardOutput.isEmpty, "no window: \(result.standardError)")
    }
}

/// A panel file shown headless (no Wayland session: the demo's own weston, which closes no window) runs until
/// its input ends, with `--exit-at-end-of-input` or without, then saves its screenshot where `--screenshot`
/// says and prints where.
@Suite struct HeadlessPanelFileTests {
    @Test func aHeadlessRunSavesItsScreenshotWhenItsInputEnds() throws {
        let folder = NSTemporaryDirectory() + "headless-panel-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let config = folder + "/panel.yaml", screenshot = folder + "/panel.png"
        try "sliders:\n  - id: volume\n    label: Volume\n    range: [0, 100]\n    value: 40\n".write(toFile: config, atomically: true, encoding: .utf8)

        // Standard input is /dev/null: it ends at once.
        for flags in [["--exit-at-end-of-input"], []] {
            try? FileManager.default.removeItem(atPath: screenshot)
            let shown = try BuiltProgram.run(["panel", "--config", config, "--screenshot", screenshot] + flags)
            #expect(shown.status == 0, "\(flags): \(shown.standardError)")
            #expect(shown.standardOutput.contains("screenshot") && shown.standardOutput.contains(screenshot), "\(flags): \(shown.standardOutput)")
            let image = try RGBAImage(contentsOfPNG: screenshot)
            #expect(image.width >= 400 && image.height >= 84, "\(flags): \(image.width) x \(image.height)")
        }
    }
}

/// A panel file is capped before it is parsed: no more than `PanelFile.maximumFileBytes` of it is read (a 50 MB
/// file and an endless one are refused alike, at once), and a panel of more than `PanelFile.maximumSliders`
/// sliders is refused at its list's line. A panel at both limits, every key of every slider given, reads.
@Suite struct PanelFileLimitTests {
    func refusal(of path: String) throws -> String {
        let result = try BuiltProgram.run([path], executable: BuiltProgram.panelBinary,
                                         environment: ["WAYLAND_DISPLAY": "no-such-display-\(UUID().uuidString)"], timeout: 60)
        #expect(result.status == 1 && result.standardOutput.isEmpty, "\(result.status): \(result.standardError)")
        return result.standardError
    }

    static func slider(_ index: Int) -> String {
        """
          - id: slider-\(index)
            label: Slider number \(index)
            range: [-100, 100]
            value: 20
            thumbs: 1
            step: 5
            snap: on-release
            anchor: 0
            orientation: \(index % 2 == 0 ? "horizontal" : "vertical")
            ticks: while-dragging
            popup: \(index % 3 == 0 ? "always" : "true")
            value-scale: power
            exponent: 2
            key-step: 2.5
            page-step: 25
            decimals: 1
            unit: " dB"
            end-symbols: [speaker-quiet, speaker-loud]

        """
    }

    @Test func aFileOverTheSizeLimitIsRefusedBeforeItIsParsed() throws {
        let path = NSTemporaryDirectory() + "panel-\(UUID().uuidString).yaml"
        // About 50 MB of valid sliders: parsed whole, it grew past 4 GiB.
        let text = "sliders:\n" + (0..<100_000).map { Self.slider($0) }.joined()
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let message = try refusal(of: path)
        #expect(message.contains("slider-panel: \(path):0:0: the file is over 256 KiB, the most a panel file may be"), "\(message)")
    }

    @Test func anEndlessFileIsReadNoFurtherThanTheLimit() throws {
        let message = try refusal(of: "/dev/zero")
        #expect(message.contains("/dev/zero:0:0: the file is over 256 KiB"), "\(message)")
    }

    @Test func aFolderIsRefusedAsUnreadable() throws {
        let message = try refusal(of: NSTemporaryDirectory())
        #expect(message.contains("cannot read the file: Is a directory"), "\(message)")
    }

    @Test func morePanelSlidersThanTheLimitAreRefusedAtTheirList() throws {
        let path = NSTemporaryDirectory() + "panel-\(UUID().uuidString).yaml"
        try ("sliders:\n" + (0...PanelFile.maximumSliders).map { "  - id: s\($0)\n" }.joined()).write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let message = try refusal(of: path)
        #expect(message.contains("\(path):2:3: 65 sliders: a panel has at most 64"), "\(message)")
    }

    @Test func aPanelAtBothLimitsReads() throws {
        let text = "title: Every key\ntheme: material-dark\nscale: 2\nhaptics: true\nsliders:\n"
            + (0..<PanelFile.maximumSliders).map { Self.slider($0) }.joined()
        #expect(text.utf8.count < PanelFile.maximumFileBytes / 4, "\(text.utf8.count) bytes")
        let file = try PanelFile.parse(text, path: "limits.yaml")
        #expect(file.sliders.count == PanelFile.maximumSliders)
        let panel = try FilePanel(file, clock: SystemClock())
        #expect(panel.sliders.count == PanelFile.maximumSliders && panel.size.width <= 16384 && panel.size.height <= 16384, "\(panel.size)")
        let first = try #require(panel.sliders.first)
        #expect(first.valueScale == .power(2) && first.keyboardStep == 2.5 && first.pageStep == 25, "the new keys reach the slider")
        #expect(first.style.valuePopup.isAlwaysShown && !panel.sliders[1].style.valuePopup.isAlwaysShown)
    }
}

/// End images are read with the file: one whose PNG header claims more than an image may be (read no further
/// than the header), one too wide, and one cut off are each refused with the file's line, before any window.
@Suite struct PanelFileImageTests {
    @Test(arguments: [("huge-header.png", "an image of 100000 x 100000 pixels; sides must be 1 to 512"),
                      ("too-wide.png", "an image of 2000 x 1 pixels; sides must be 1 to 512"),
                      ("truncated.png", "not a PNG that can be read")])
    func aBrokenEndImageIsRefusedWithItsLineBeforeAnyWindow(_ name: String, _ message: String) throws {
        let image = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SliderRendererTests/BadImages/\(name)").path
        let path = NSTemporaryDirectory() + "panel-\(UUID().uuidString).yaml"
        try "sliders:\n  - id: v\n    end-images: [\(image), \(image)]\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try BuiltProgram.run([path], executable: BuiltProgram.panelBinary, environment: ["WAYLAND_DISPLAY": "no-such-display-\(UUID().uuidString)"])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("slider-panel: \(path):3:18: \(image): \(message)"), "\(result.standardError)")
        #expect(!result.standardError.contains("Wayland") && result.standardOutput.isEmpty, "no window: \(result.standardError)")
    }
}

/// The README's kiosk recipe: `cage -- slider-panel FILE --fullscreen --hide-cursor`, cage starting
/// the panel itself (its input and output through a FIFO and a file, as a service would wire them; cage's
/// output a 1280 x 720 window of a private sway, whose virtual pointer reaches it, or of a private weston,
/// whose touchscreen reaches it), and the same panel as a client of sway; on each, the panel fills the
/// 1280 x 720 output, values written to its input show on the screen (grim's screenshot against the panel
/// drawn offscreen), and a drag of a virtual pointer or a finger prints the JSON lines.
@Suite(.serialized) struct KioskRecipeTests {
    /// The panel program on `compositor`: what it printed, and a way to write it lines.
    struct Running {
        let lines: () -> [String]
        let send: (String) -> Void
    }

    @Test(arguments: ["cage", "cage-touchscreen", "sway"])
    func aPanelFileRunsAsAKioskAndTalksJSONLines(_ name: String) throws {
        let directory = NSTemporaryDirectory() + "kiosk-recipe-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Readable and writable by nobody, whom cage and its program run as under root.
        let config = directory + "/panel.yaml", input = directory + "/input", output = directory + "/output"
        try ConfiguredPanelTests.file.write(toFile: config, atomically: true, encoding: .utf8)
        guard mkfifo(input, 0o666) == 0, FileManager.default.createFile(atPath: output, contents: nil, attributes: [.posixPermissions: 0o666]) else {
            throw ChildProcess.SpawnError(description: "cannot make the FIFO and the output file in \(directory)")
        }
        chmod(input, 0o666)
        chmod(config, 0o644)
        let arguments = [config, "--fullscreen", "--hide-cursor"]
        let compositor: HeadlessWlroots
        let running: Running
        var piped: PipedProcess?
        var writer: Int32 = -1
        defer { if writer >= 0 { close(writer) } }
        if name.hasPrefix("cage") {
            let program = ["/bin/sh", "-c", "exec /usr/bin/env WAYLAND_SLIDER_RENDERER=cpu \"$0\" \"$@\" < \(input) > \(output) 2>&1", BuiltProgram.panelBinary] + arguments
            // cage on a 1280 x 720 output that is a window of a private sway, whose virtual pointer reaches it,
            // or of a private weston, whose touchscreen does.
            compositor = name == "cage"
                ? try HeadlessWlroots(.cage, kiosk: .sized(width: 1280, height: 720), kioskProgram: program)
                : try HeadlessWlroots(.cage, kiosk: .landscape, kioskProgram: program, touchscreen: true)
            // Read-write: opening does not wait for the reader, and the reader never sees an end of input.
            writer = open(input, O_RDWR | O_CLOEXEC)
            let fd = writer
            running = Running(lines: { ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) },
                              send: { line in _ = Array((line + "\n").utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } })
            let deadline = Date().addingTimeInterval(30)
            while !running.lines().contains(where: { $0.contains("showing 3 sliders") }) {
                guard Date() < deadline else { Issue.record("cage's panel did not start: \(running.lines()) \(compositor.log)"); return }
                usleep(20_000)
            }
        } else {
            compositor = try HeadlessWlroots(.sway)
            let process = try PipedProcess(URL(fileURLWithPath: BuiltProgram.panelBinary), arguments, socket: compositor.socketPath,
                                           environment: ["WAYLAND_SLIDER_RENDERER": "cpu"], ready: { $0.contains { $0.contains("showing 3 sliders") } })
            piped = process
            running = Running(lines: { process.lines }, send: { process.send($0) })
        }
        running.send(#"{"id":"volume","value":40}"#)
        running.send(#"{"id":"quiet-hours","thumb":1,"value":23.5}"#)

        let screen = Size(width: Double(compositor.outputSize.width), height: Double(compositor.outputSize.height))
        let panel = try FilePanel(PanelFile.parse(ConfiguredPanelTests.file, path: config), clock: SystemClock())
        panel.layout(in: screen)
        let volume = panel.sliders[0]
        try volume.setValue(40, animated: false)
        try panel.sliders[2].setValue(23.5, ofThumb: 1, animated: false)
        let expected = try RendererKind.cpu.image(of: panel.sliders, size: screen, scale: 1, background: PanelFile().theme.background)
        let shot = try screenshot(until: { $0.difference(from: expected).maximum <= 2 }) { try compositor.screenshot() }
        try shot.writePNG(to: Renders.path("kiosk-recipe-\(name).png"))
        let difference = shot.difference(from: expected)
        #expect(difference.maximum <= 2, "\(name): the values set show: max difference \(difference.maximum), \(difference.pixelsOver) pixels over")

        let drive: PanelDrags.Input = try compositor.touchHost.map { .finger(try InjectedInput(globalOn: $0)) }
            ?? .pointer(try VirtualPointer(client: try WaylandClient(socket: compositor.hostSocketPath ?? compositor.socketPath), extent: screen))
        let drags = PanelDrags(input: drive, lines: running.lines)
        // The first events of a new virtual pointer may not land (sway makes its seat's pointer with the first,
        // and cage's window is entered where sway's cursor was): the brightness is dragged until it answers.
        #expect(try drags.warmUp(on: panel.sliders[1]), "\(name): the input never reached the panel: \(running.lines())")
        try drags.drag(volume, from: 40, by: 150)
        _ = drags.waitForLine("\"editing\":false,\"id\":\"volume\"", timeout: 10)
        let changes = try running.lines().filter { $0.hasPrefix("{") && $0.contains("\"volume\"") }.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let values = changes.compactMap { $0["id"] as? String == "volume" ? $0["value"] as? Double : nil }
        #expect(values.count >= 2 && values.first.map { $0 > 40 } == true && changes.last?["editing"] as? Bool == false,
                "\(name): the drag's lines: \(running.lines())")
        _ = piped
    }
}

/// Drags on a panel of `slider-panel` through a virtual pointer or weston's touchscreen, its slider frames
/// offset by `origin` on the output, watching the panel's printed lines.
struct PanelDrags {
    /// What drags: a virtual pointer, or a finger on weston's touchscreen in its global space (a nested
    /// compositor's `touchHost`).
    enum Input {
        case pointer(VirtualPointer)
        case finger(InjectedInput)
    }

    let input: Input
    let lines: () -> [String]
    var origin = Point(x: 0, y: 0)

    /// Presses on `slider`'s thumb at `value`, moves `distance` points along in five motions, releases.
    func drag(_ slider: Slider, from value: Double, by distance: Double) throws {
        let thumb = slider.layout.thumbCenter(atPosition: slider.model.position(of: value))
        let start = Point(x: origin.x + thumb.x, y: origin.y + thumb.y)
        try press(at: start)
        for i in 1...5 { try move(to: Point(x: start.x + Double(i) * distance / 5, y: start.y)) }
        try release()
    }

    private func press(at point: Point) throws {
        switch input {
        case .pointer(let pointer): pointer.move(to: point); pointer.button(true); try pointer.roundtrip()
        case .finger(let finger): finger.touchDown(1, at: point); finger.touchFrame(); try finger.roundtrip()
        }
    }

    private func move(to point: Point) throws {
        switch input {
        case .pointer(let pointer): pointer.move(to: point); try pointer.roundtrip()
        case .finger(let finger): finger.touchMotion(1, to: point); finger.touchFrame(); try finger.roundtrip()
        }
    }

    private func release() throws {
        switch input {
        case .pointer(let pointer): pointer.button(false); try pointer.roundtrip()
        case .finger(let finger): finger.touchUp(1); finger.touchFrame(); try finger.roundtrip()
        }
    }

    /// Waits until a printed line contains `text`; false when `timeout` seconds pass first.
    func waitForLine(_ text: String, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !lines().contains(where: { $0.contains(text) }) {
            guard Date() < deadline else { return false }
            usleep(20_000)
        }
        return true
    }

    /// The first events of a new virtual pointer may not land (sway makes its seat's pointer with the
    /// first, and cage's window is entered where sway's cursor was): drags `slider` (at its file value 0.5)
    /// until the panel answers, at most five times.
    func warmUp(on slider: Slider) throws -> Bool {
        for _ in 0..<5 {
            try drag(slider, from: 0.5, by: -60)
            if waitForLine("\"id\":\"\(slider.name)\"", timeout: 2) { return true }
        }
        return false
    }
}

/// `slider-panel FILE --layer overlay --anchor bottom` on sway and labwc (Debian 13's; Debian 12 has no
/// labwc): the panel is a layer surface over a fullscreen application's window, centred on the output's bottom edge at its own size; the
/// screen shows the application around it and the panel as drawn offscreen; a drag on it prints its lines.
/// (cage offers no layer shell: the demo then says so and exits.)
@Suite(.serialized) struct LayerPanelTests {
    @Test(arguments: HeadlessWlroots.withLayerShell)
    func thePanelLiesOverAFullscreenApplicationAtTheBottomEdge(_ kind: HeadlessWlroots.Kind) throws {
        let directory = NSTemporaryDirectory() + "layer-panel-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = directory + "/panel.yaml"
        try ConfiguredPanelTests.file.write(toFile: config, atomically: true, encoding: .utf8)
        let compositor = try HeadlessWlroots(kind)
        let screen = Size(width: Double(compositor.outputSize.width), height: Double(compositor.outputSize.height))
        // The kiosk's main application: a fullscreen window of its own colour.
        let applicationColour = Color(hex: 0x204060)
        let application = try SliderWindow(WindowConfiguration(title: "application", size: Size(width: 640, height: 480), isFullscreen: true,
                                                               hidesCursor: true, accessibility: .off),
                                           sliders: [], background: applicationColour, socket: compositor.socketPath)
        let shown = Date().addingTimeInterval(10)
        while (application.size != screen || application.hasFrameInFlight) && Date() < shown { try application.dispatch(timeout: 0.05) }
        #expect(application.size == screen, "\(kind): the application fills the output: \(application.size)")
        let demo = try PipedProcess(URL(fileURLWithPath: BuiltProgram.panelBinary),
                                    [config, "--layer", "overlay", "--anchor", "bottom", "--hide-cursor"],
                                    socket: compositor.socketPath, environment: ["WAYLAND_SLIDER_RENDERER": "cpu"],
                                    ready: { $0.contains { $0.contains("showing 3 sliders") } })
        let panel = try FilePanel(PanelFile.parse(ConfiguredPanelTests.file, path: config), clock: SystemClock())
        panel.layout(in: panel.size)
        let origin = Point(x: ((screen.width - panel.size.width) / 2).rounded(.down), y: screen.height - panel.size.height)
        let expected = try RendererKind.cpu.image(of: panel.sliders, size: panel.size, scale: 1, background: PanelFile().theme.background)
        func panelArea(_ image: RGBAImage) -> RGBAImage { image.cropped(x: Int(origin.x), y: Int(origin.y), width: expected.width, height: expected.height) }
        let shot = try screenshot(until: { panelArea($0).difference(from: expected).maximum <= 2 }) { try compositor.screenshot() }
        try shot.writePNG(to: Renders.path("layer-panel-\(kind.rawValue).png"))
        let difference = panelArea(shot).difference(from: expected)
        #expect(difference.maximum <= 2, "\(kind): the panel at the bottom edge: max difference \(difference.maximum), \(difference.pixelsOver) pixels over")
        let above = shot.pixel(x: Int(screen.width / 2), y: Int(origin.y) / 2)
        #expect(above == [0x20, 0x40, 0x60, 0xFF], "\(kind): the application shows above the panel: \(above)")

        let client = try WaylandClient(socket: compositor.socketPath)
        var drags = PanelDrags(input: .pointer(try VirtualPointer(client: client, extent: screen)), lines: { demo.lines })
        drags.origin = origin
        #expect(try drags.warmUp(on: panel.sliders[1]), "\(kind): the pointer never reached the panel: \(demo.lines)")
        try drags.drag(panel.sliders[0], from: 10, by: 100)
        #expect(drags.waitForLine("\"editing\":false,\"id\":\"volume\"", timeout: 10), "\(kind): the volume's drag: \(demo.lines)")
        _ = application
    }

    /// cage offers no layer shell: asked for one there, the demo says so and exits with status 1.
    @Test func cageHasNoLayerShellAndTheDemoSaysSo() throws {
        let result = try BuiltProgram.run(["panel", "--compositor", "cage", "--layer", "overlay"])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("does not offer zwlr_layer_shell_v1"), "\(result.standardError)")
    }

    /// --anchor and --dock without --layer, or an edge the demo does not know, are refused by name.
    @Test func layerOptionsAreCheckedByName() throws {
        let stray = try BuiltProgram.run(["panel", "--dock"])
        #expect(stray.status == 64 && stray.standardError.contains("--anchor and --dock go with --layer"), "\(stray.standardError)")
        let edge = try BuiltProgram.run(["panel", "--layer", "top", "--anchor", "bottom,middle"])
        #expect(edge.status == 64 && edge.standardError.contains("not \"middle\""), "\(edge.standardError)")
    }
}
