import Foundation
import PrivateCompositors
@_spi(Internals) import SliderCore
@testable import SliderPanel
import Testing

/// The state file (`state:`): what it holds and how it is read back (clamped to the panel file as it is now, a
/// file that does not read set aside with its reason), how it is written (atomically, only when the bytes
/// change), and the panel as a program: values kept through SIGKILL at random moments during 1000 changes, a
/// drag written once when it ends, SIGTERM writing before the panel exits.
@Suite struct PanelStateTests {
    static let file = """
        sliders:
          - id: volume
            range: [0, 100]
            value: 10
            step: 1
          - id: brightness
            value: 0.5
          - id: quiet-hours
            range: [0, 24]
            thumbs: 2
            value: [22, 23]
            step: 0.5

        """

    static func sliders(_ text: String = file) throws -> [Slider] {
        try FilePanel(PanelFile.parse(text, path: "panel.yaml"), clock: SystemClock()).sliders
    }

    static func values(_ sliders: [Slider]) -> [String: [Double]] {
        Dictionary(uniqueKeysWithValues: sliders.map { slider in (slider.name, (0..<slider.model.thumbCount).map { slider.model.value(ofThumb: $0) }) })
    }

    @Test func theStateIsJSONWithSortedKeysAndReadsBack() throws {
        let state = PanelState(of: try Self.sliders())
        let text = String(decoding: state.encoded(), as: UTF8.self)
        #expect(text == "{\"values\":{\"brightness\":0.5,\"quiet-hours\":[22,23],\"volume\":10}}\n", "\(text)")
        #expect(try PanelState.decoded(state.encoded()) == state)
    }

    @Test func keptValuesAreHeldToTheRangesAndStepsOfTheFileAsItIsNow() throws {
        let sliders = try Self.sliders()
        let kept = PanelState(values: ["volume": 140, "brightness": 0.25, "quiet-hours": [23.7, 2.2], "gone": 3])
        let (restored, adjustments) = kept.restore(to: sliders)
        #expect(Self.values(sliders) == ["volume": [100], "brightness": [0.25], "quiet-hours": [2, 23.5]], "\(Self.values(sliders))")
        #expect(restored.map { "\($0.slider.name)/\($0.thumb)" } == ["volume/0", "brightness/0", "quiet-hours/0", "quiet-hours/1"])
        #expect(adjustments.map(\.description) == [
            "the kept value 140.0 of \"volume\" is 100.0 in its range and steps now",
            "the kept value 23.7 of \"quiet-hours\" (thumb 0) is 2.0 in its range and steps now",
            "the kept value 2.2 of \"quiet-hours\" (thumb 1) is 23.5 in its range and steps now",
        ], "\(adjustments)")

        // A slider that became a range (or stopped being one) starts from the file's value; one the state does
        // not name keeps its `value:`.
        let changed = try Self.sliders(Self.file.replacingOccurrences(of: "    value: 10\n    step: 1", with: "    value: [10, 20]\n    thumbs: 2\n    step: 1"))
        let (_, refusals) = PanelState(values: ["volume": 50]).restore(to: changed)
        #expect(Self.values(changed)["volume"] == [10, 20] && Self.values(changed)["brightness"] == [0.5])
        #expect(refusals.map(\.description) == ["\"volume\" was kept with 1 value and has 2 thumbs now: it starts from the panel file's value"])
    }

    @Test(arguments: [
        ("", "the file is empty"),
        ("{\"values\":{\"volume\":", "not a state file: "),
        ("{\"values\":{\"volume\":\"loud\"}}", "not a state file: "),
        ("[1, 2]", "not a state file: "),
        ("{\"values\":{\"volume\":1e400}}", "not a state file: "),
        (String(repeating: " ", count: PanelState.maximumFileBytes + 1), "over 64 KiB, the most a state file may be"),
    ])
    func aFileThatDoesNotReadIsSetAsideWithItsReason(_ contents: String, _ reason: String) throws {
        let folder = try ScratchFolder("panel-state")
        let path = folder.file("living-room.json")
        try contents.write(toFile: path, atomically: false, encoding: .utf8)
        let sliders = try Self.sliders()
        var log: [String] = []
        let file = PanelStateFile(path: path, sliders: sliders, log: { log.append($0) })
        #expect(file.restore().isEmpty)
        #expect(Self.values(sliders)["volume"] == [10], "the panel file's values")
        #expect(log.count == 1 && log[0].hasPrefix("state file \(path): \(reason)")
                && log[0].hasSuffix("; set aside as \(path).unreadable, the panel starts from the panel file's values"), "\(log)")
        #expect(try String(contentsOfFile: path + ".unreadable", encoding: .utf8) == contents)
        #expect(!FileManager.default.fileExists(atPath: path))
        file.save()
        #expect(try PanelState.decoded(Array(FileManager.default.contents(atPath: path) ?? Data())) == PanelState(of: sliders))
    }

    @Test func aMissingFileIsAFirstStartAndQuiet() throws {
        let folder = try ScratchFolder("panel-state")
        var log: [String] = []
        let file = PanelStateFile(path: folder.file("new.json"), sliders: try Self.sliders(), log: { log.append($0) })
        #expect(file.restore().isEmpty && log.isEmpty, "\(log)")
    }

    /// A write replaces the file (a new inode, no `.new` left beside it); one that would write the same bytes is
    /// not made; a write that fails is said once, and once more when writing works again.
    @Test func writesReplaceTheFileOnlyWhenItsBytesChange() throws {
        let folder = try ScratchFolder("panel-state")
        let path = folder.file("state.json")
        let sliders = try Self.sliders()
        var log: [String] = []
        let file = PanelStateFile(path: path, sliders: sliders, log: { log.append($0) })
        _ = file.restore()
        file.saveIfChanged()
        #expect(!FileManager.default.fileExists(atPath: path), "nothing changed, nothing written")
        file.noteChange()
        file.saveIfChanged()
        let first = try Self.inode(path)
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o640)
        file.noteChange()
        file.saveIfChanged()
        #expect(try Self.inode(path) == first, "the same bytes are not written again")
        try sliders[0].setValue(60, animated: false)
        file.noteChange()
        file.saveIfChanged()
        #expect(try Self.inode(path) != first && !FileManager.default.fileExists(atPath: FileBytes.temporaryPath(for: path)))
        #expect(try PanelState.decoded(Array(FileManager.default.contents(atPath: path) ?? Data())).values["volume"] == 60)

        // The folder made read-only (root writes anyway: a folder that is not there fails for everyone).
        let gone = PanelStateFile(path: folder.file("no-such-folder/state.json"), sliders: sliders, log: { log.append($0) })
        log.removeAll()
        for value in [1.0, 2, 3] {
            try sliders[0].setValue(value, animated: false)
            gone.save()
        }
        #expect(log == ["state file \(folder.path)/no-such-folder/state.json: the values are not kept: cannot create \(folder.path)/no-such-folder/state.json.new: No such file or directory"],
                "\(log)")
        try FileManager.default.createDirectory(atPath: folder.file("no-such-folder"), withIntermediateDirectories: false)
        try sliders[0].setValue(4, animated: false)
        gone.save()
        #expect(log.last == "state file \(folder.path)/no-such-folder/state.json: written again", "\(log)")
    }

    @Test func aWriteACrashInterruptedIsRemovedAtStart() throws {
        let folder = try ScratchFolder("panel-state")
        let path = folder.file("state.json")
        try "{\"values\":{\"vol".write(toFile: FileBytes.temporaryPath(for: path), atomically: false, encoding: .utf8)
        _ = PanelStateFile(path: path, sliders: try Self.sliders(), log: { _ in }).restore()
        #expect(!FileManager.default.fileExists(atPath: FileBytes.temporaryPath(for: path)))
    }

    @Test func theStateKeyTakesAFilesPath() throws {
        #expect(try PanelFile.parse("state: /var/lib/slider-panel/a.json\n" + Self.file, path: "p.yaml").state == "/var/lib/slider-panel/a.json")
        #expect(throws: PanelFile.Error(path: "p.yaml", line: 1, column: 8, message: "state must be the path of a file, not \"/var/lib/\"")) {
            try PanelFile.parse("state: /var/lib/\n" + Self.file, path: "p.yaml")
        }
    }

    /// The file's inode: a new one after each replacing write.
    static func inode(_ path: String) throws -> UInt {
        var status = stat()
        guard stat(path, &status) == 0 else { throw FileBytes.Failure(description: "no \(path)", code: errno) }
        return UInt(status.st_ino)
    }
}
