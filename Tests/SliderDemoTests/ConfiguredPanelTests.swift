import Foundation
import HeadlessWeston
import SliderRenderer
import Testing
@testable import SliderDemo
import WaylandSlider

/// `slider-demo panel --config FILE` as an integrator runs it: a panel file of three sliders written as the
/// README describes, on a private weston; values in on standard input move the thumbs without coming back
/// out, a drag through weston's seat prints its JSON lines, and bad input lines are reported and lose
/// nothing else. Broken files are refused with file, line and reason before any window opens.
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
        try lines.filter { $0.hasPrefix("{") }.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    @Test func valuesComeInOnStandardInputAndADragGoesOutAsJSONLines() throws {
        let path = try write(Self.file)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let weston = try HeadlessWeston(width: 1024, height: 768)
        let demo = try PipedProcess(URL(fileURLWithPath: DemoProcess.binary), ["panel", "--config", path, "--fullscreen", "--hide-cursor"], on: weston,
                                    environment: ["WAYLAND_SLIDER_RENDERER": "cpu"],
                                    ready: { $0.contains { $0.contains("showing 3 sliders") } })
        demo.send(#"{"id":"volume","value":40}"#)
        demo.send(#"{"id":"nowhere","value":1}"#)
        demo.send("not json")
        demo.send(#"{"id":"volume","value":400}"#)
        demo.send(#"{"id":"quiet-hours","thumb":1,"value":23.5}"#)
        try demo.waitFor { $0.contains { $0.contains("input line 4:") } }
        #expect(demo.lines.contains { $0.contains("input line 2: no slider \"nowhere\"") }, "\(demo.lines)")
        #expect(demo.lines.contains { $0.contains("input line 3: not a command") }, "\(demo.lines)")
        #expect(demo.lines.contains { $0.contains("input line 4: 400.0 is outside volume's range") }, "\(demo.lines)")
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
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/renders")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try shown.image.writePNG(to: directory.appendingPathComponent("configured-panel.png").path)
        #expect(shown.maximum <= 2, "the screen against the panel with the values set: max difference \(shown.maximum), \(shown.pixelsOver) pixels over")

        // A drag from where the volume's thumb is now (40), 100 points right.
        let start = volume.layout.thumbCenter(atPosition: volume.model.position(of: 40))
        input.movePointer(to: start)
        input.button(true)
        try input.roundtrip()
        for i in 1...5 {
            input.movePointer(to: Point(x: start.x + Double(i) * 20, y: start.y))
            try input.roundtrip()
        }
        input.button(false)
        try input.roundtrip()
        try demo.waitFor { lines in lines.contains { $0.contains("\"editing\":false") } }
        let out = try changes(demo.lines)
        let values = out.compactMap { $0["id"] as? String == "volume" ? $0["value"] as? Double : nil }
        #expect(out.dropLast().allSatisfy { $0["editing"] as? Bool == true } && out.last?["editing"] as? Bool == false, "\(out)")
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
        ("sliders:\n  - id: v\n    snap: sometimes\n", "3:11: snap must be one of always, on-release, never, not \"sometimes\""),
        ("sliders:\n  - id: v\n    end-images: [missing.png, missing.png]\n", "3:18: cannot read the image missing.png"),
    ])
    func aBrokenFileIsRefusedWithItsLineBeforeAnyWindow(_ text: String, _ message: String) throws {
        let path = try write(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try DemoProcess.run(["panel", "--config", path], environment: ["WAYLAND_DISPLAY": "no-such-display-\(UUID().uuidString)"])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("slider-demo: \(path):") && result.standardError.contains(message), "\(result.standardError)")
        #expect(!result.standardError.contains("Wayland") && result.standardOutput.isEmpty, "no window: \(result.standardError)")
    }
}
