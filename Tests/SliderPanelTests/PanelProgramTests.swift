import Foundation
import PrivateCompositors
@testable import PanelProgram
import SliderCore
import Testing

/// `slider-panel`, the program the packages install, as a program: its version is the package's, its help
/// states each default once, it checks the file before it looks for a compositor and says what is missing,
/// its layer options are checked by name, it links none of the tests' harness, and its man page names every
/// key a slider takes.
@Suite struct PanelProgramTests {
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> BuiltProgram.Result {
        try BuiltProgram.run(arguments, executable: BuiltProgram.panelBinary, environment: environment)
    }

    @Test func theVersionIsThePackagesAndTheChangelogsLatest() throws {
        let result = try run(["--version"])
        #expect(result.status == 0 && result.standardOutput == packageVersion + "\n", "\(result.standardOutput)")
        let changelog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("debian/changelog")
        let first = try String(contentsOf: changelog, encoding: .utf8).split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("waylandslider (\(packageVersion)"), "debian/changelog's latest entry: \(first)")
    }

    @Test func theHelpStatesEachDefaultOnce() throws {
        let result = try run(["--help"])
        #expect(result.status == 0)
        let help = result.standardOutput
        for option in ["--fullscreen", "--layer", "--anchor", "--dock", "--exit-at-end-of-input", "--version"] {
            #expect(help.contains(option), "\(option) in: \(help)")
        }
        // An option's description runs until the next line that starts an option.
        let entries = help.components(separatedBy: "\n  -")
        for entry in entries {
            #expect(entry.components(separatedBy: "(default:").count <= 2, "a default stated twice: \(entry)")
            #expect(entry.components(separatedBy: "(values:").count <= 2, "values stated twice: \(entry)")
        }
    }

    @Test func withoutACompositorItSaysSoAfterCheckingTheFile() throws {
        let path = NSTemporaryDirectory() + "panel-\(UUID().uuidString).yaml"
        try "sliders:\n  - id: volume\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try run([path])
        #expect(result.status == 1 && result.standardError.contains("slider-panel: no Wayland session: WAYLAND_DISPLAY is not set"),
                "\(result.standardError)")
        let broken = try run(["/no/such/panel.yaml"])
        #expect(broken.status == 1 && broken.standardError.contains("slider-panel: /no/such/panel.yaml") && !broken.standardError.contains("Wayland"),
                "the file is checked first: \(broken.standardError)")
    }

    @Test func layerOptionsAreCheckedByName() throws {
        let stray = try run(["panel.yaml", "--dock"])
        #expect(stray.status == 64 && stray.standardError.contains("--anchor and --dock go with --layer"), "\(stray.standardError)")
        let edge = try run(["panel.yaml", "--layer", "top", "--anchor", "bottom,middle"])
        #expect(edge.status == 64 && edge.standardError.contains("not \"middle\""), "\(edge.standardError)")
        let layer = try run(["panel.yaml", "--layer", "sideways"])
        #expect(layer.status == 64 && layer.standardError.contains("sideways"), "\(layer.standardError)")
    }

    /// No symbol of the tests' harness is in the program: the compositor launchers, input injection, the
    /// private buses and the scripted compositor (Swift symbols name their module; the C ones their prefix).
    /// slider-demo, which links them, holds every mark: the marks are the ones such symbols carry.
    @Test func theProgramLinksNoTestSupport() throws {
        let marks = ["18PrivateCompositors", "10SliderDemo", "11FrameTiming", "slider_scripted_compositor", "slider_test_input", "zwp_virtual_keyboard"]
        let demo = try ChildProcess.run("/usr/bin/nm", [BuiltProgram.binary])
        for mark in marks { #expect(demo.contains(mark), "slider-demo's symbols hold \(mark)") }
        let symbols = try ChildProcess.run("/usr/bin/nm", [BuiltProgram.panelBinary])
        #expect(symbols.split(separator: "\n").count > 1000, "nm listed the program's symbols")
        for mark in marks {
            let found = symbols.split(separator: "\n").filter { $0.contains(mark) }
            #expect(found.isEmpty, "\(mark): \(found.prefix(3))")
        }
    }
}
