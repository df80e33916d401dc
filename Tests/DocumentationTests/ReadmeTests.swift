import Foundation
import PrivateCompositors
@_spi(Internals) import SliderCore
import SliderPanel
@_spi(Internals) @testable import SliderWayland
import Testing

/// Every code block of the README a reader copies works: the SwiftPM lines resolve with the package named by
/// its folder, the Swift program is the example the build compiles and it runs on weston (printing what a drag
/// changes), the C program builds with the README's pkg-config line and prints what the README says, and the
/// panel file reads. The two commands at the top are what CI runs.
@Suite struct ReadmeTests {
    static let readme = CExamples.packageRoot.appendingPathComponent("README.md")

    /// The fenced blocks of the README with their info strings, in order (a fence is three backticks at the
    /// start of a line; the README nests none).
    static func blocks(in file: URL = readme) throws -> [(language: String, text: String)] {
        var blocks: [(language: String, text: String)] = []
        var open: (language: String, lines: [Substring])?
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let block = open {
                    blocks.append((block.language, block.lines.joined(separator: "\n") + "\n"))
                    open = nil
                } else {
                    open = (String(line.dropFirst(3)), [])
                }
            } else {
                open?.lines.append(line)
            }
        }
        return blocks
    }

    static func block(_ language: String, containing marker: String, in file: URL = readme) throws -> String {
        try #require(try blocks(in: file).first { $0.language == language && $0.text.contains(marker) }?.text, "no \(language) block with \(marker)")
    }

    @Test func theSwiftProgramIsTheExampleTheBuildCompiles() throws {
        let example = try String(contentsOf: CExamples.packageRoot.appendingPathComponent("Examples/SwiftWindow/main.swift"), encoding: .utf8)
        #expect(try Self.block("swift", containing: "SliderWindow(") == example)
    }

    /// The SwiftPM lines in an application's package beside a folder named WaylandSlider: the product is found
    /// in the package its folder names (`swift package show-dependencies` loads and checks the graph).
    @Test func theSwiftPMLinesFindThePackageByItsFolder() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("readme-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let application = folder.appendingPathComponent("MyPanel")
        try FileManager.default.createDirectory(at: application.appendingPathComponent("Sources/MyPanel"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("WaylandSlider"), withDestinationURL: CExamples.packageRoot)
        try Self.block("swift", containing: "PackageDescription").write(to: application.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try Self.block("swift", containing: "SliderWindow(").write(to: application.appendingPathComponent("Sources/MyPanel/main.swift"), atomically: true,
                                                                 encoding: .utf8)
        let output = try ChildProcess.run("/bin/bash", ["-c", "cd \"\(application.path)\" && swift package show-dependencies 2>&1"])
        #expect(output.contains("waylandslider<\(folder.path)/WaylandSlider"), "\(output)")
    }

    /// The Swift program on weston, on each presentation path: a drag of the volume's thumb to the end prints
    /// its name and values up to 1.
    @Test(arguments: ["egl", "shm"])
    func theSwiftProgramRunsAndPrintsWhatADragChanges(_ path: String) throws {
        let weston = try HeadlessWeston(width: 400, height: 240)
        let program = try BuiltProducts.folder(holding: "slider-example").appendingPathComponent("slider-example")
        let example = try PipedProcess(URL(fileURLWithPath: "/usr/bin/stdbuf"), ["-oL", program.path], on: weston,
                                       environment: ["WAYLAND_SLIDER_PRESENTATION": path], ready: { _ in true })
        // The window is the output's size, at its origin; the volume is the first row, at 0.4 on a cubic scale.
        let volume = Slider(clock: ManualClock())
        volume.frame = Rect(x: 20, y: 44, width: 360, height: 44)
        volume.minimumValueImage = .symbol(.speakerQuiet)
        volume.maximumValueImage = .symbol(.speakerLoud)
        try volume.setValueScale(.power(3))
        try volume.setValue(0.4, animated: false)
        let input = try InjectedInput(globalOn: weston)
        let start = volume.layout.thumbCenter(atPosition: volume.position), end = Point(x: 395, y: start.y)
        // Until the window is mapped a drag reaches nothing: it is repeated until the program prints. Each drag
        // is given 5 s to print: under load a drag's lines once came after the next drag had begun, and that
        // drag pressed the track at 0.4 again.
        let deadline = MonotonicTime.seconds() + 20
        while !example.lines.contains(where: { $0.hasPrefix("volume ") }), MonotonicTime.seconds() < deadline {
            input.movePointer(to: start)
            input.button(true)
            for i in 1...4 { input.movePointer(to: Point(x: start.x + (end.x - start.x) * Double(i) / 4, y: start.y)) }
            input.button(false)
            try input.roundtrip()
            try? example.waitFor(timeout: 5) { $0.contains { $0.hasPrefix("volume ") } }
        }
        try example.waitFor(timeout: 20) { $0.contains("volume 1.0") }
        let values = example.lines.filter { $0.hasPrefix("volume ") }.compactMap { Double($0.dropFirst(7)) }
        #expect(values.last == 1 && values == values.sorted(), "\(example.lines)")
    }

    /// The C program, built with the README's own command line against the staged library, prints what the
    /// README says it prints.
    @Test func theCProgramBuildsWithTheREADMELineAndRuns() throws {
        let prefix = try CExamples.stagedPrefix()
        let folder = prefix.deletingLastPathComponent().appendingPathComponent("readme-c-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.block("c", containing: "int main").write(to: folder.appendingPathComponent("volume.c"), atomically: true, encoding: .utf8)
        let command = try Self.block("sh", containing: "cc volume.c").trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "PKG_CONFIG_PATH=.build/c-library/lib/pkgconfig", with: "export PKG_CONFIG_PATH=\"\(prefix.path)/lib/pkgconfig\";")
        _ = try ChildProcess.run("/bin/bash", ["-c", "cd \"\(folder.path)\" && \(command)"])
        let output = try ChildProcess.run(folder.appendingPathComponent("volume").path, [])
        #expect(output == "bass at 632 Hz\nrefused: ws_slider_set_value_scale: power scale exponent -1.0: a finite number above 0\n", "\(output)")
    }

    /// The panel file reads as the panel program reads it, every key in it known.
    @Test func thePanelFileReads() throws {
        let file = try PanelFile.parse(try Self.block("yaml", containing: "sliders:"), path: "README.md")
        #expect(file.sliders.map(\.id) == ["volume", "bass"] && file.sliders[1].valueScale == .logarithmic && file.sliders[1].keyStep == 10)
    }

    /// docs/KIOSKS.md's longer panel file reads too.
    @Test func theKioskGuidesPanelFileReads() throws {
        let guide = CExamples.packageRoot.appendingPathComponent("docs/KIOSKS.md")
        let file = try PanelFile.parse(try Self.block("yaml", containing: "sliders:", in: guide), path: "docs/KIOSKS.md")
        #expect(file.sliders.map(\.id) == ["volume", "brightness", "quiet-hours", "bass"] && file.sliders[3].continuous == false)
    }
}
