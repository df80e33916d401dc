import Foundation
import PrivateCompositors
@testable import SliderPanel
import Testing
@_spi(Internals) import WaylandSlider

/// `idle:` on a private weston (the Debian 13 tier runs it on that release's weston): the screen darker after
/// `dim-after`, black after `off-after`, as it was after a touch, and that touch moving nothing; the backlight
/// path against a folder shaped like sysfs, restored when the panel wakes and when it exits.
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

    /// Captures the screen until `condition` holds for it (a frame may be on its way); throws after `timeout`.
    static func screen(_ input: InjectedInput, until condition: (RGBAImage) -> Bool, timeout: Double = 10, _ what: String) throws -> RGBAImage {
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
        let text = Self.file("dim-after: 0.5, dim-to: 0.25, off-after: 3, backlight: pixels")
        let panel = try start(text, in: folder, on: weston, renderer: renderer)
        let input = try InjectedInput(globalOn: weston)
        let background = [0xF2, 0xF2, 0xF7], fillPoint = try Self.track(at: 0.1, file: text)
        let near = { (a: [Int], b: [Int]) in zip(a, b).allSatisfy { abs($0 - $1) <= 2 } }
        let lit = try Self.screen(input, until: { near(Self.pixel($0, 5, 5), background) }, "lit")
        let fill = Self.pixel(lit, Int(fillPoint.x), Int(fillPoint.y))
        let dimmed = try Self.screen(input, until: { near(Self.pixel($0, 5, 5), background.map { Int((Double($0) * 0.25).rounded()) }) }, "dimmed")
        #expect(near(Self.pixel(dimmed, Int(fillPoint.x), Int(fillPoint.y)), fill.map { Int((Double($0) * 0.25).rounded()) }),
                "the fill dimmed too: \(Self.pixel(dimmed, Int(fillPoint.x), Int(fillPoint.y))) from \(fill)")
        try dimmed.writePNG(to: Renders.path("idle-dimmed-weston-\(renderer).png"))
        _ = try Self.screen(input, until: { $0.pixels.enumerated().allSatisfy { $0.offset % 4 == 3 || $0.element == 0 } }, "black")

        // A touch at 90 % of the track: it wakes the panel and moves nothing.
        let far = try Self.track(at: 0.9, file: text)
        input.touchDown(0, at: far)
        input.touchFrame()
        input.touchUp(0)
        input.touchFrame()
        try input.roundtrip()
        let woken = try Self.screen(input, until: { near(Self.pixel($0, 5, 5), background) }, "woken")
        #expect(woken.difference(from: lit).maximum <= 2, "the screen as it was before it dimmed")
        #expect(!panel.lines.contains { $0.hasPrefix("{") }, "the waking touch moved a slider: \(panel.lines)")
        // The next touch is the slider's.
        input.touchDown(1, at: far)
        input.touchFrame()
        input.touchUp(1)
        input.touchFrame()
        try input.roundtrip()
        try panel.waitFor { $0.contains { $0.contains("\"editing\":false") } }
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
            let deadline = Date().addingTimeInterval(10)
            while brightness() != value + "\n" {
                guard Date() < deadline else { throw FileBytes.Failure(description: "brightness \(brightness()), not \(value)", code: 0) }
                usleep(10_000)
            }
        }
        let weston = try HeadlessWeston(width: 1024, height: 768)
        let text = Self.file("dim-after: 0.3, dim-to: 0.2, off-after: 2, backlight: \(device)")
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
