import Foundation
import PrivateCompositors
import SliderRenderer
import Testing
@testable import SliderDemo
@testable import SliderPanel
@_spi(Internals) import WaylandSlider

/// Nothing recorded is lost: input driven through weston's seat while `--record`'s recorder writes the
/// script replays, in a new `slider-demo --replay` process, to the same slider events and the same pixels.
/// A script written by hand with every documented type and edge values replays the same way twice.
@Suite(.serialized) struct RecordReplayTests {
    /// The test's own folder for what it writes and what the demo writes for it, removed after the test.
    let scratch: ScratchFolder

    init() throws { scratch = try ScratchFolder("record-replay") }

    func temporaryPath(_ name: String) -> String { scratch.file(name) }

    /// Where `thumb` of `slider` is drawn now, in window points.
    func center(_ slider: Slider, thumb: Int = 0) -> Point {
        slider.layout.thumbCenter(atPosition: slider.model.position(of: slider.model.value(ofThumb: thumb)))
    }

    /// An event line without its `time` (seconds since the demo started: wall clock, not input).
    func withoutTime(_ lines: [String]) throws -> [[String: String]] {
        try lines.filter { $0.hasPrefix("{") }.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return object.filter { $0.key != "time" }.mapValues { "\($0)" }
        }
    }

    /// Runs the demo on `script` as a user would (its own headless weston), with its events and screenshot.
    func replay(_ script: String) throws -> (events: [[String: String]], image: RGBAImage, standardError: String) {
        let shot = temporaryPath("replay.png")
        defer { try? FileManager.default.removeItem(atPath: shot) }
        let result = try BuiltProgram.run(["--replay", script, "--events", "--hide-cursor", "--screenshot", shot])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        return (try withoutTime(result.lines), try RGBAImage(contentsOfPNG: shot), result.standardError)
    }

    @Test func inputRecordedThroughWestonReplaysToTheSameEventsAndPixels() throws {
        // The window the demo makes on its own headless weston: 1024 x 768 at scale 2, no decorations.
        let weston = try HeadlessWeston(width: 1024, height: 768, scale: 2)
        let clock = SystemClock()
        let panel = try ControlPanel(style: Theme.iosLight.style, clock: clock)
        let window = try SliderWindow(WindowConfiguration(title: "WaylandSlider", appID: "org.waylandslider.Demo", size: ControlPanel.size,
                                                          hidesCursor: true, isDecorated: false),
                                      sliders: panel.sliders, background: Theme.iosLight.background, socket: weston.socketPath)
        panel.layout(in: window.size)
        let script = temporaryPath("recorded.jsonl")
        defer { try? FileManager.default.removeItem(atPath: script) }
        let recorder = try InputRecorder(path: script, window: window)
        var recordedEvents: [String] = []
        let printer = EventPrinter(clock: clock) { recordedEvents.append($0) }
        for slider in panel.sliders { printer.attach(to: slider) }
        let input = try InjectedInput(surface: window.frameLoop)
        try window.waitUntilShown(timeout: 5)

        /// Sends what was queued, then lets the window run for `gap` seconds: the recording's own timing
        /// (60 ms apart, beyond the 30 Hz step budget, so no step event depends on when a frame happens).
        func send(_ gap: Double = 0.06) throws {
            try input.roundtrip()
            let end = Date().addingTimeInterval(gap)
            while Date() < end { try window.dispatch(timeout: 0.01) }
        }

        // A pointer drag of the volume thumb over three detents.
        let volume = center(panel.volume)
        input.movePointer(to: volume); try send()
        input.button(true); try send()
        for i in 1...5 { input.movePointer(to: Point(x: volume.x + Double(i) * 14, y: volume.y)); try send() }
        input.button(false); try send()
        // Two fingers at once, ids 0 and 1: brightness up, balance down.
        let brightness = center(panel.brightness), balance = center(panel.balance)
        input.touchDown(0, at: brightness); input.touchDown(1, at: balance); input.touchFrame(); try send()
        for i in 1...4 {
            input.touchMotion(0, to: Point(x: brightness.x + Double(i) * 12, y: brightness.y))
            input.touchMotion(1, to: Point(x: balance.x - Double(i) * 10, y: balance.y))
            input.touchFrame(); try send()
        }
        input.touchUp(0); input.touchUp(1); input.touchFrame(); try send()
        // Wheel notches over the temperature slider.
        input.movePointer(to: center(panel.temperature)); try send()
        input.scroll(notches: -1); try send()
        input.scroll(notches: -2); try send(0.6)
        // Keys: Tab to the first slider, Right twice.
        for key: UInt32 in [15, 106, 106] {
            input.key(key, pressed: true); try send()
            input.key(key, pressed: false); try send()
        }
        // Away from every slider, after the popups have faded: both runs end on the same still frame.
        input.movePointer(to: Point(x: 2, y: 2)); try send(1)
        input.movePointer(to: Point(x: 3, y: 2)); try send()
        try window.waitUntilShown(timeout: 2)
        recorder.close()
        let recordedImage = try weston.screenshot(showing: window.frameLoop)

        let lines = try String(contentsOfFile: script, encoding: .utf8).split(separator: "\n")
        for type in ["pointer_button", "touch_down", "pointer_axis", "key", "key_repeat_info"] {
            #expect(lines.contains { $0.contains("\"type\":\"\(type)\"") }, "the recording has \(type) lines")
        }
        #expect(lines.contains { $0.contains("\"id\":0") } && lines.contains { $0.contains("\"id\":1") }, "fingers 0 and 1 were recorded")
        let expected = try withoutTime(recordedEvents)
        for name in ["volume", "brightness", "balance", "temperature"] {
            #expect(expected.contains { $0["slider"] == name && $0["kind"] == "valueChanged" }, "the session moved \(name)")
        }
        #expect(expected.contains { $0["kind"] == "step" }, "the volume drag crossed detents")

        let replayed = try replay(script)
        #expect(replayed.standardError.isEmpty, "every recorded line read: \(replayed.standardError)")
        #expect(replayed.events == expected, "replayed \(replayed.events.count) events, recorded \(expected.count)")
        let difference = replayed.image.difference(from: recordedImage)
        try Renders.save(recordedImage, as: "record-replay-recorded")
        try Renders.save(replayed.image, as: "record-replay-replayed")
        #expect(difference.maximum <= 2, "the replay's screenshot vs the recorded session's: \(difference)")
    }

    /// Every documented type, enumerations by name and by number, and edge values (0, 1, negative,
    /// fractional, huge), written by hand against the panel's layout.
    func handWrittenScript() throws -> String {
        let panel = try ControlPanel(style: Theme.iosLight.style, clock: ManualClock())
        for slider in panel.sliders { slider.scale = 2 }
        let v = center(panel.volume), b = center(panel.brightness), t = center(panel.temperature)
        let lo = center(panel.timeWindow, thumb: 0), hi = center(panel.timeWindow, thumb: 1)
        return """
            # every documented type; ids 0 and 1; numbers as names and as protocol numbers
            {"t":0,"type":"pointer_enter","x":\(v.x),"y":\(v.y)}
            {"t":0,"type":"pointer_frame"}
            {"t":40,"type":"pointer_button","button":272,"state":1}
            {"t":40,"type":"pointer_frame"}
            {"t":100,"type":"pointer_motion","x":\(v.x + 30.5),"y":\(v.y)}
            {"t":100,"type":"pointer_frame"}
            {"t":160,"type":"pointer_motion","x":1e6,"y":-1e6}
            {"t":160,"type":"pointer_frame"}
            {"t":220,"type":"pointer_button","button":272,"state":"released"}
            {"t":220,"type":"pointer_frame"}
            {"t":230,"type":"pointer_button","button":0,"state":"pressed"}
            {"t":230,"type":"pointer_frame"}
            {"t":235,"type":"pointer_button","button":0,"state":0}
            {"t":235,"type":"pointer_frame"}
            {"t":280,"type":"pointer_motion","x":\(t.x),"y":\(t.y)}
            {"t":280,"type":"pointer_frame"}
            {"t":300,"type":"pointer_axis_source","source":0}
            {"t":300,"type":"pointer_axis_discrete","axis":0,"steps":-1}
            {"t":300,"type":"pointer_axis","axis":"vertical","value":-15}
            {"t":300,"type":"pointer_frame"}
            {"t":900,"type":"pointer_axis_source","source":"wheel"}
            {"t":900,"type":"pointer_axis_value120","axis":"vertical_scroll","value120":-120}
            {"t":900,"type":"pointer_axis","axis":0,"value":-15}
            {"t":900,"type":"pointer_frame"}
            {"t":1500,"type":"pointer_axis_source","source":"finger"}
            {"t":1500,"type":"pointer_axis","axis":"horizontal","value":0.5}
            {"t":1500,"type":"pointer_frame"}
            {"t":1510,"type":"pointer_axis_stop","axis":1}
            {"t":1510,"type":"pointer_frame"}
            {"t":1520,"type":"pointer_axis_source","source":3}
            {"t":1520,"type":"pointer_frame"}
            {"t":1530,"type":"pointer_leave"}
            {"t":1530,"type":"pointer_frame"}
            {"t":1600,"type":"touch_down","id":0,"x":\(b.x),"y":\(b.y)}
            {"t":1600,"type":"touch_down","id":1,"x":\(hi.x),"y":\(hi.y)}
            {"t":1600,"type":"touch_frame"}
            {"t":1660,"type":"touch_motion","id":0,"x":\(b.x + 20.25),"y":\(b.y)}
            {"t":1660,"type":"touch_motion","id":1,"x":\(hi.x + 15),"y":\(hi.y + 1)}
            {"t":1660,"type":"touch_motion","id":-1,"x":0,"y":0}
            {"t":1660,"type":"touch_frame"}
            {"t":1720,"type":"touch_motion","id":0,"x":\(b.x + 40.5),"y":\(b.y)}
            {"t":1720,"type":"touch_motion","id":1,"x":\(hi.x + 30),"y":\(hi.y)}
            {"t":1720,"type":"touch_frame"}
            {"t":1800,"type":"touch_up","id":0}
            {"t":1800,"type":"touch_up","id":1}
            {"t":1800,"type":"touch_frame"}
            {"t":1850,"type":"touch_down","id":0,"x":\(lo.x),"y":\(lo.y)}
            {"t":1850,"type":"touch_frame"}
            {"t":1910,"type":"touch_motion","id":0,"x":\(lo.x - 25),"y":\(lo.y)}
            {"t":1910,"type":"touch_frame"}
            {"t":1950,"type":"touch_cancel"}
            {"t":1990,"type":"touch_up","id":0}
            {"t":1990,"type":"touch_frame"}
            {"t":2000,"type":"keyboard_enter"}
            {"t":2050,"type":"key","key":15,"state":"pressed"}
            {"t":2080,"type":"key","key":15,"state":0}
            {"t":2130,"type":"key","key":106,"keysym":65363,"state":1}
            {"t":2160,"type":"key","key":106,"keysym":65363,"state":"released"}
            {"t":2100,"type":"key","key":106,"state":"pressed","modifiers":["shift"]}
            {"t":2140,"type":"key","key":106,"state":"released","modifiers":["shift"]}
            {"t":2190,"type":"key","key":30,"state":"pressed","modifiers":["control","alt","logo"]}
            {"t":2220,"type":"key","key":30,"state":"released"}
            {"t":2250,"type":"keyboard_leave"}
            {"t":3300,"type":"pointer_enter","x":2,"y":2.5}
            {"t":3300,"type":"pointer_frame"}
            """
    }

    @Test func aHandWrittenScriptWithEveryTypeReplaysTheSameTwice() throws {
        let script = temporaryPath("every-type.jsonl")
        try handWrittenScript().write(toFile: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let first = try replay(script)
        #expect(first.standardError.isEmpty, "every line read: \(first.standardError)")
        let events = first.events
        func values(_ slider: String) -> [Double] { events.filter { $0["slider"] == slider && $0["kind"] == "valueChanged" }.compactMap { Double($0["value"] ?? "") } }
        #expect(values("volume").last == 1, "the pointer dragged the volume to its maximum (then far off the window): \(values("volume"))")
        #expect(values("temperature") == [21.5, 22], "two wheel notches, one by axis_discrete and one by value120: \(values("temperature"))")
        #expect((values("brightness").last ?? 0) > 0.35, "finger 0 moved the brightness up: \(values("brightness"))")
        #expect(events.contains { $0["slider"] == "time-window" && $0["kind"] == "valueChanged" && $0["thumb"] == "1" }, "finger 1 moved the upper thumb")
        #expect(events.contains { $0["slider"] == "time-window" && $0["kind"] == "cancel" }, "touch_cancel cancelled finger 0's drag")
        #expect(values("volume").allSatisfy { (0...1).contains($0) })
        let second = try replay(script)
        #expect(second.events == events, "the same events on a second replay")
        #expect(second.image.difference(from: first.image).maximum <= 2, "the same pixels on a second replay")
    }
}
