import Foundation
import PrivateCompositors
@_spi(Internals) import SliderCore
@testable import SliderPanel
import Testing
@_spi(Internals) import WaylandSlider

/// `slider-panel` with `state:` as a program on a private weston: its values survive SIGKILL at random moments
/// during 1000 changes (every restart shows each slider's last settled value, or for the slider changed last
/// the one before it, and the file always reads), a drag is written once, when it ends, and SIGTERM writes the
/// values and exits cleanly.
@Suite struct KeptValuesTests {
    let folder: ScratchFolder
    let panelPath: String
    let statePath: String
    let weston: HeadlessWeston

    init() throws {
        folder = try ScratchFolder("kept-values")
        panelPath = folder.file("panel.yaml")
        statePath = folder.file("state/living-room.json")
        try FileManager.default.createDirectory(atPath: folder.file("state"), withIntermediateDirectories: false)
        try ("state: \(statePath)\n" + PanelStateTests.file).write(toFile: panelPath, atomically: true, encoding: .utf8)
        weston = try HeadlessWeston(width: 1024, height: 768)
    }

    static let defaults: [String: [Double]] = ["volume": [10], "brightness": [0.5], "quiet-hours": [22, 23]]

    /// The panel, started and shown; with the values it says it restored (`kind` "restored"), over the panel
    /// file's where it restored none. `restoring` is how many thumbs it should restore (the file's slider
    /// thumbs when a state file is there).
    func start(restoring: Int) throws -> (panel: PipedProcess, values: [String: [Double]]) {
        let panel = try PipedProcess(URL(fileURLWithPath: BuiltProgram.panelBinary), [panelPath, "--fullscreen", "--hide-cursor"], on: weston,
                                     environment: ["WAYLAND_SLIDER_RENDERER": "cpu"], ready: { $0.contains { $0.contains("showing 3 sliders") } })
        try panel.waitFor(timeout: 10) { $0.filter { $0.contains("\"kind\":\"restored\"") }.count == restoring }
        var values = Self.defaults
        for object in try panel.jsonObjects() where object["kind"] as? String == "restored" {
            let id = try #require(object["id"] as? String), thumb = try #require(object["thumb"] as? Int), value = try #require(object["value"] as? Double)
            values[id]?[thumb] = value
        }
        return (panel, values)
    }

    /// The values the state file holds now; nil when there is none. A file that is there and does not read
    /// fails the test: a torn or empty file.
    func kept() throws -> [String: [Double]]? {
        guard let data = FileManager.default.contents(atPath: statePath) else { return nil }
        return try PanelState.decoded(Array(data)).values.mapValues(\.values)
    }

    func waitUntilKept(_ id: String, _ value: [Double]) throws {
        let deadline = Date().addingTimeInterval(10)
        while try kept()?[id] != value {
            guard Date() < deadline else { throw FileBytes.Failure(description: "\(id) = \(value) not written within 10 s: \(String(describing: try kept()))", code: 0) }
            usleep(1_000)
        }
    }

    static func line(_ id: String, _ value: [Double]) -> String {
        let number = { (x: Double) in x == x.rounded() ? String(Int(x)) : "\(x)" }
        return "{\"id\":\"\(id)\",\"value\":\(value.count == 1 ? number(value[0]) : "[\(value.map(number).joined(separator: ","))]")}"
    }

    /// A new value for `id`, unlike `current`.
    static func change(_ id: String, from current: [Double], using random: inout some RandomNumberGenerator) -> [Double] {
        while true {
            let value: [Double] = switch id {
            case "volume": [Double(Int.random(in: 0...100, using: &random))]
            case "brightness": [Double(Int.random(in: 0...1000, using: &random)) / 1000]
            default: [Double(Int.random(in: 0...48, using: &random)) / 2, Double(Int.random(in: 0...48, using: &random)) / 2].sorted()
            }
            if value != current { return value }
        }
    }

    @Test func valuesSurviveSIGKILLAtRandomMomentsDuringAThousandChanges() throws {
        var random = SystemRandomNumberGenerator()
        var (panel, shown) = try start(restoring: 0)
        var expected = Self.defaults
        var kills = 0, restoredBeforeLast = 0, history: [String] = []
        for change in 1...1000 {
            let id = ["volume", "brightness", "quiet-hours"].randomElement(using: &random)!
            let before = expected[id]!, value = Self.change(id, from: before, using: &random)
            panel.send(Self.line(id, value))
            expected[id] = value
            history.append("\(change): \(id) \(value)")
            guard Int.random(in: 0..<25, using: &random) == 0 else {
                try waitUntilKept(id, value)
                continue
            }
            // A kill at a random moment: before the line is read, while it is written, or after.
            usleep(UInt32.random(in: 0...20_000, using: &random))
            panel.kill()
            kills += 1
            let file = try kept()
            (panel, shown) = try start(restoring: file == nil ? 0 : 4)
            for (slider, values) in expected {
                let allowed = slider == id ? [values, before] : [values]
                #expect(allowed.contains(shown[slider]!), "after change \(change), \(slider) shows \(shown[slider]!), not \(allowed); last changes: \(history.suffix(3))")
                #expect(file == nil ? shown[slider] == Self.defaults[slider] : file?[slider] == shown[slider], "the file holds \(String(describing: file))")
            }
            if shown[id] == before { restoredBeforeLast += 1 }
            expected = shown
        }
        print("kept values: 1000 changes, \(kills) SIGKILLs, \(restoredBeforeLast) restarts with the one-before-last value of the slider changed last")
        #expect(kills > 10, "the loop killed the panel \(kills) times")
        #expect(!FileManager.default.fileExists(atPath: statePath + ".unreadable"), "no file was ever set aside")
        #expect(panel.signalAndWait(SIGTERM) == 0)
    }

    /// A drag through weston's seat is written once, when it ends: the file keeps its inode through the moves.
    @Test func aDragIsWrittenOnceWhenItEnds() throws {
        var panel = try start(restoring: 0).panel
        panel.send(Self.line("volume", [40]))
        try waitUntilKept("volume", [40])
        let written = try PanelStateTests.inode(statePath)

        // The panel laid out here as it lays itself out fullscreen, to find the volume's thumb.
        let layout = try FilePanel(PanelFile.load(panelPath), clock: SystemClock())
        layout.layout(in: Size(width: 1024, height: 768))
        let volume = layout.sliders[0]
        let input = try InjectedInput(globalOn: weston)
        let thumb = volume.layout.thumbCenter(atPosition: volume.model.position(of: 40))
        try input.drag(from: thumb, steps: 5, by: Point(x: 20, y: 0)) { i in
            try panel.waitFor { lines in lines.filter { $0.contains("\"editing\":true") }.count >= i }
            let now = try PanelStateTests.inode(statePath)
            #expect(now == written, "written during the drag, at move \(i)")
        }
        try panel.waitFor { lines in lines.contains { $0.contains("\"editing\":false") } }
        let end = try #require(try panel.jsonObjects().last { $0["editing"] as? Bool == false }?["value"] as? Double)
        try waitUntilKept("volume", [end])
        let rewritten = try PanelStateTests.inode(statePath)
        #expect(end > 40 && rewritten != written)
        #expect(panel.signalAndWait(SIGTERM) == 0)
        panel = try start(restoring: 4).panel
        let restored = panel.lines.filter { $0.contains("\"id\":\"volume\"") && $0.contains("\"kind\":\"restored\"") }
        #expect(restored.count == 1 && restored[0].contains("\"value\":\(Int(end))"), "\(panel.lines)")
    }

    /// SIGTERM (systemd's stop) ends the panel with status 0, its values written; SIGINT and SIGHUP as well.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aTerminationSignalWritesTheValuesAndExitsCleanly(_ signal: Int32) throws {
        let (panel, _) = try start(restoring: 0)
        panel.send(Self.line("quiet-hours", [6, 18.5]))
        try waitUntilKept("quiet-hours", [6, 18.5])
        #expect(panel.signalAndWait(signal) == 0, "\(panel.lines)")
        let file = try kept()
        #expect(file == ["volume": [10], "brightness": [0.5], "quiet-hours": [6, 18.5]])
        #expect(!FileManager.default.fileExists(atPath: FileBytes.temporaryPath(for: statePath)))
    }
}
