import Foundation
import PrivateCompositors
@testable import SliderPanel
import Testing
@_spi(Internals) import WaylandSlider

/// `idle:` on a private weston (the Debian 13 tier runs it on that release's weston), which offers no
/// ext-idle-notify-v1, so idle is the panel's own input: the screen darker after `dim-after`, black after
/// `off-after`, as it was after a touch, and that touch moving nothing; the backlight path against a folder shaped
/// like sysfs, restored when the panel wakes and when it exits. On KWin (5.27 here, 6 in the Debian 13 tier),
/// which offers ext-idle-notify-v1, idle is the compositor's: dimmed by it, woken by a key through KWin's seat
/// that moves nothing.
@Suite struct IdlePanelTests {
    static func file(_ idle: String) -> String {
        """
        idle: {\(idle)}
        sliders:
          - id: volume
            range: [0, 100]
            value: 20

        """
    }

    /// The screen's pixel at (x, y), as 0...255 channels.
    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * image.width + x) * 4
        return image.pixels[i..<i + 3].map(Int.init)
    }

    /// Captures the screen until `condition` holds for it (a frame may be on its way); throws after `timeout`
    /// (30 s: beside busy loops, a GLES frame on llvmpipe and weston's capture each took seconds).
    static func screen(_ input: InjectedInput, until condition: (RGBAImage) -> Bool, timeout: Double = 30, _ what: String) throws -> RGBAImage {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let shot = try input.capture(area: Rect(x: 0, y: 0, width: 1024, height: 768), scale: 1)
            if condition(shot) { return shot }
            guard Date() < deadline else {
                try shot.writePNG(to: Renders.path("idle-\(what).png"))
                throw FileBytes.Failure(description: "the screen never showed \(what) (the last one: .build/renders/idle-\(what).png)", code: 0)
            }
            usleep(20_000)
        }
    }

    func start(_ text: String, in folder: ScratchFolder, on weston: HeadlessWeston, renderer: String = "cpu") throws -> PipedProcess {
        let path = folder.file("idle.yaml")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try PipedProcess(URL(fileURLWithPath: BuiltProgram.panelBinary), [path, "--fullscreen", "--hide-cursor"], on: weston,
                                environment: ["WAYLAND_SLIDER_RENDERER": renderer], ready: { $0.contains { $0.contains("showing 1 slider") } })
    }

    /// Where the volume's track is, at `position` (0 to 1), on the 1024 x 768 screen the panel fills.
    static func track(at position: Double, file: String) throws -> Point {
        let panel = try FilePanel(PanelFile.parse(file, path: "idle.yaml"), clock: SystemClock())
        panel.layout(in: Size(width: 1024, height: 768))
        return panel.sliders[0].layout.thumbCenter(atPosition: position)
    }

    /// On both presentation paths: the CPU renderer's wl_shm buffers and the GLES renderer's EGL window.
    @Test(arguments: ["cpu", "gles"])
    func thePanelDimsTurnsOffAndATouchWakesItOnly(_ renderer: String) throws {
        let folder = try ScratchFolder("idle")
        let weston = try HeadlessWeston(width: 1024, height: 768)
        // Dimmed for 7 s, and lit for 3 s after waking: time for a frame and a capture or two beside busy loops.
        let text = Self.file("dim-after: 3, dim-to: 0.25, off-after: 10, backlight: pixels")
        let panel = try start(text, in: folder, on: weston, renderer: renderer)
        #expect(panel.lines.contains { $0.hasSuffix("; idle: the panel's own input") }, "weston offers no ext-idle-notify-v1: \(panel.lines)")
        let input = try InjectedInput(globalOn: weston)
        let background = [0xF2, 0xF2, 0xF7], fillPoint = try Self.track(at: 0.1, file: text)
        let near = { (a: [Int], b: [Int]) in zip(a, b).allSatisfy { abs($0 - $1) <= 2 } }
        let lit = try Self.screen(input, until: { near(Self.pixel($0, 5, 5), background) && Self.pixel($0, Int(fillPoint.x), Int(fillPoint.y))[2] > 200 }, "lit")
        // Idle counts from here: the panel has drawn its first frame (the GLES renderer's shaders are compiled),
        // and a pointer motion is its own input.
        input.movePointer(to: Point(x: 5, y: 5))
        try input.roundtrip()
        let fill = Self.pixel(lit, Int(fillPoint.x), Int(fillPoint.y))
        let dimmed = try Self.screen(input, until: { near(Self.pixel($0, 5, 5), background.map { Int((Double($0) * 0.25).rounded()) }) }, "dimmed")
        #expect(near(Self.pixel(dimmed, Int(fillPoint.x), Int(fillPoint.y)), fill.map { Int((Double($0) * 0.25).rounded()) }),
                "the fill dimmed too: \(Self.pixel(dimmed, Int(fillPoint.x), Int(fillPoint.y))) from \(fill)")
        try dimmed.writePNG(to: Renders.path("idle-dimmed-weston-\(renderer).png"))
        _ = try Self.screen(input, until: { $0.pixels.enumerated().allSatisfy { $0.offset % 4 == 3 || $0.element == 0 } }, "black")

        // A touch at 90 % of the track wakes the panel and moves nothing; one at 30 % right after it is the
        // slider's: the lines show 30, never 90.
        for (id, position) in [(Int32(0), 0.9), (1, 0.3)] {
            input.touchDown(id, at: try Self.track(at: position, file: text))
            input.touchFrame()
            input.touchUp(id)
            input.touchFrame()
        }
        try input.roundtrip()
        let woken = try Self.screen(input, until: { near(Self.pixel($0, 5, 5), background) }, "woken")
        try panel.waitFor { $0.contains { $0.contains("\"editing\":false") } }
        let values = try panel.jsonObjects().compactMap { $0["value"] as? Double }
        #expect(!values.isEmpty && values.allSatisfy { abs($0 - 30) < 3 }, "the waking touch moved the slider: \(panel.lines)")
        // As it was before it dimmed, above the slider's row (whose value is 30 now).
        let above = Int(fillPoint.y) - 40
        #expect(woken.cropped(x: 0, y: 0, width: 1024, height: above).difference(from: lit.cropped(x: 0, y: 0, width: 1024, height: above)).maximum <= 2,
                "the screen as it was before it dimmed")
        #expect(panel.signalAndWait(SIGTERM) == 0)
    }

    @Test func onKWinIdleIsTheCompositorsAndAKeyWakesThePanelOnly() throws {
        let folder = try ScratchFolder("idle-kwin")
        let kwin = try HeadlessKWin(width: 1024, height: 768)
        // Three seconds to idle: the second key comes well before the panel dims again.
        let text = "knob: focused\n" + Self.file("dim-after: 3, dim-to: 0.25, backlight: pixels")
        let path = folder.file("idle.yaml")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let panel = try PipedProcess(URL(fileURLWithPath: BuiltProgram.panelBinary), [path, "--fullscreen", "--hide-cursor"], socket: kwin.socketPath,
                                     environment: ["WAYLAND_SLIDER_RENDERER": "cpu"], ready: { $0.contains { $0.contains("showing 1 slider") } })
        #expect(panel.lines.contains { $0.hasSuffix("; idle: the compositor's (ext-idle-notify-v1)") }, "\(panel.lines)")
        let background = [0xF2, 0xF2, 0xF7]
        let near = { (a: [Int], b: [Int]) in zip(a, b).allSatisfy { abs($0 - $1) <= 3 } }
        func screen(until condition: ([Int]) -> Bool, _ what: String) throws {
            let deadline = Date().addingTimeInterval(30)
            while true {
                let shot = try kwin.screenshot()
                if condition(Self.pixel(shot, 5, 5)) { return }
                guard Date() < deadline else { throw FileBytes.Failure(description: "KWin's screen never showed \(what): \(Self.pixel(shot, 5, 5))", code: 0) }
                usleep(50_000)
            }
        }
        try screen(until: { near($0, background.map { Int((Double($0) * 0.25).rounded()) }) }, "the panel dimmed")
        // The right arrow key through KWin's seat wakes the panel (its knob's slider focused); the second one is
        // the slider's: one step, from 20 to 21, never two.
        let client = try WaylandClient(socket: kwin.socketPath)
        let input = try FakeInput(client: client)
        for _ in 0..<2 {
            input.tap([106])
            try input.roundtrip()
        }
        try panel.waitFor { $0.contains { $0.contains("\"editing\":false") } }
        let values = try panel.jsonObjects().compactMap { $0["value"] as? Double }
        #expect(!values.isEmpty && values.allSatisfy { $0 == 21 }, "the waking key moved the slider: \(panel.lines)")
        try screen(until: { near($0, background) }, "the panel lit again")
        #expect(panel.signalAndWait(SIGTERM) == 0)
    }

    @Test func theBacklightDimsAndComesBackOnWakingAndAtExit() throws {
        let folder = try ScratchFolder("idle-backlight")
        let device = folder.file("backlight/panel0")
        try FileManager.default.createDirectory(atPath: device, withIntermediateDirectories: true)
        try "1000\n".write(toFile: device + "/max_brightness", atomically: false, encoding: .utf8)
        try "700\n".write(toFile: device + "/brightness", atomically: false, encoding: .utf8)
        let brightness = { (try? String(contentsOfFile: device + "/brightness", encoding: .utf8)) ?? "" }
        func wait(for value: String) throws {
            let deadline = Date().addingTimeInterval(30)
            while brightness() != value + "\n" {
                guard Date() < deadline else { throw FileBytes.Failure(description: "brightness \(brightness()), not \(value)", code: 0) }
                usleep(10_000)
            }
        }
        let weston = try HeadlessWeston(width: 1024, height: 768)
        let text = Self.file("dim-after: 0.3, dim-to: 0.2, off-after: 5, backlight: \(device)")
        let panel = try start(text, in: folder, on: weston)
        let input = try InjectedInput(globalOn: weston)
        try wait(for: "200")
        // Dimmed by the backlight, the pixels stay as drawn.
        let shot = try input.capture(area: Rect(x: 0, y: 0, width: 8, height: 8), scale: 1)
        #expect(Self.pixel(shot, 5, 5) == [0xF2, 0xF2, 0xF7])
        try wait(for: "0")
        input.touchDown(0, at: Point(x: 5, y: 5))
        input.touchFrame()
        input.touchUp(0)
        input.touchFrame()
        try input.roundtrip()
        try wait(for: "700")
        try wait(for: "200")
        #expect(panel.signalAndWait(SIGTERM) == 0)
        #expect(brightness() == "700\n", "the brightness found, back at exit")
    }

    @Test(arguments: [
        ("idle: {dim-after: 0}\nsliders:\n  - id: v\n", "p.yaml:1:19: dim-after must be a number of seconds above 0 and at most 86400 (a day), not 0.0"),
        ("idle: {dim-after: 60, off-after: 30}\nsliders:\n  - id: v\n", "p.yaml:1:7: off-after (30.0 s) must come after dim-after (60.0 s)"),
        ("idle: {dim-to: 1.5, dim-after: 5}\nsliders:\n  - id: v\n", "p.yaml:1:16: dim-to must be a brightness from 0 to 1, not 1.5"),
        ("idle: {dim-to: 0.5}\nsliders:\n  - id: v\n", "p.yaml:1:7: idle needs dim-after, off-after or both"),
        ("idle: {dim-after: 5, backlight: intel}\nsliders:\n  - id: v\n", "p.yaml:1:33: backlight must be auto, pixels or a backlight device's folder (/sys/class/backlight/NAME), not \"intel\""),
        ("idle: {dim-after: 5, sleep: 3}\nsliders:\n  - id: v\n", "p.yaml:1:22: unknown key \"sleep\" in idle; known: backlight, dim-after, dim-to, off-after"),
    ])
    func aWrongIdleIsRefusedAtItsLine(_ text: String, _ message: String) {
        do {
            _ = try PanelFile.parse(text, path: "p.yaml")
            Issue.record("read: \(text)")
        } catch {
            #expect(error.description == message)
        }
    }

    /// The clock alone: dimmed at dim-after, off at off-after, each counted from the last input.
    @Test func theIdleClockCountsFromTheLastInput() {
        var clock = IdleClock(IdleSettings(dimAfter: 10, offAfter: 30), now: 100)
        #expect(clock.state(at: 109) == .awake && clock.state(at: 110) == .dimmed && clock.state(at: 130) == .off)
        #expect(clock.nextChange(after: 100) == 110 && clock.nextChange(after: 115) == 130 && clock.nextChange(after: 131) == nil)
        clock.input(at: 125)
        #expect(clock.state(at: 131) == .awake && clock.nextChange(after: 131) == 135)
    }
}
