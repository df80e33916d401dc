import Foundation
import PrivateCompositors
import Testing

/// Orca (43 on Debian 12, 48 on Debian 13), the screen reader, reading slider-demo: a private accessibility
/// bus, the demo on a private weston, Orca with its speech written to its debug output (an X server of its
/// own, Xvfb, because Orca reads the keyboard map through X), and a pyatspi client moving focus and setting a
/// value as a user would. Orca 48 says the slider's percentage after its value text ("Volume horizontal
/// slider 62 % 62 percent."); Orca 43 the value text alone: what both say first is checked.
@Suite(.serialized) struct OrcaTests {
    static let client = DemoAccessibilityTests.client

    /// Waits until `path` holds `text`, or one of `alternatives` (Orca speaks as events arrive).
    func waitFor(_ text: String, or alternatives: String..., in path: String, timeout: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            // Leniently decoded: Orca may be midway through writing a character.
            if let data = FileManager.default.contents(atPath: path) {
                let written = String(decoding: data, as: UTF8.self)
                if ([text] + alternatives).contains(where: written.contains) { return true }
            }
            usleep(50_000)
        }
        return false
    }

    /// Where Orca's whole debug output is kept after the test, passed or failed: in the package's build
    /// directory, which outlives the Debian 13 root's private /tmp.
    static let keptLog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/orca-debug.log").path

    /// Runs the pyatspi client to completion.
    func runClient(_ arguments: [String], bus: PrivateAccessibilityBus) throws -> Int32 {
        let client = try ChildProcess("/usr/bin/python3", [OrcaTests.client, "org.waylandslider.Demo"] + arguments,
                                      environment: bus.clientEnvironment,
                                      outputPath: bus.runtimeDirectory.appendingPathComponent("client-\(UUID().uuidString).log").path)
        let deadline = Date().addingTimeInterval(60)
        while client.isRunning && Date() < deadline { usleep(20_000) }
        if client.isRunning { client.signal(SIGKILL) }
        return client.wait()
    }

    @Test func orcaSpeaksTheFocusedSliderAndItsNewValue() throws {
        let bus = try PrivateAccessibilityBus()
        let weston = try HeadlessWeston(width: 1024, height: 768, scale: 1)
        var environment = bus.clientEnvironment
        environment["WAYLAND_DISPLAY"] = weston.socketPath
        let demo = try ChildProcess(BuiltProgram.binary, [], environment: environment,
                                    outputPath: bus.runtimeDirectory.appendingPathComponent("demo.log").path)
        defer { demo.stop(grace: 2) }
        // An X display of its own: Xvfb picks a free number.
        let xserver = try PrivateXServer(width: 640, height: 480, logPath: bus.runtimeDirectory.appendingPathComponent("xvfb.log").path,
                                         environment: bus.clientEnvironment)
        defer { xserver.stop(grace: 2) }
        var orcaEnvironment = bus.clientEnvironment
        orcaEnvironment["DISPLAY"] = xserver.display
        orcaEnvironment["GDK_BACKEND"] = "x11"
        let speech = bus.runtimeDirectory.appendingPathComponent("orca-debug.log").path
        // Orca writes its debug file (speech included) through Python's buffered file: given a terminal, the
        // writes are line-buffered, so `script` gives it one and the speech arrives as Orca speaks.
        let orca = try ChildProcess("/usr/bin/setpriv", ["--pdeathsig", "TERM", "--", "/usr/bin/script", "-qfec",
                                                         "/usr/bin/orca --debug-file /dev/stdout", "/dev/null"],
                                    environment: orcaEnvironment, outputPath: speech)
        defer { orca.stop(grace: 2) }
        defer {
            try? FileManager.default.removeItem(atPath: OrcaTests.keptLog)
            try? FileManager.default.copyItem(atPath: speech, toPath: OrcaTests.keptLog)
        }
        func spoken() -> String {
            String(decoding: FileManager.default.contents(atPath: speech) ?? Data(), as: UTF8.self).split(whereSeparator: \.isNewline)
                .filter { $0.contains("SPEECH OUTPUT") }.joined(separator: "\n")
        }
        /// Orca's own account of what came after it spoke the focused slider: the value event, if it came, and
        /// what Orca did with it.
        func handling() -> String {
            let lines = String(decoding: FileManager.default.contents(atPath: speech) ?? Data(), as: UTF8.self).split(whereSeparator: \.isNewline)
            guard let focus = lines.firstIndex(where: { $0.contains("SPEECH OUTPUT: 'Volume horizontal slider") }) else { return "no focus spoken" }
            return lines[focus...].filter { $0.contains("accessible-value") || $0.contains("ERROR") || $0.contains("DEFAULT:") || $0.contains("ORCA:") }
                .prefix(60).joined(separator: "\n") + "\n(all of it: \(OrcaTests.keptLog))"
        }
        // Orca says "Screen reader on." before it has finished starting: its start-up then looks for the focused
        // object (a focus moved before then is spoken by the start-up, not by the event) and registers its
        // listeners again, and an event sent meanwhile goes unheard (seen once under load on Orca 43 and once on
        // Orca 48). It is ready once its main loop runs: Orca 43 logs "Starting ATSPI registry", Orca 48
        // "Starting Atspi main event loop".
        #expect(waitFor("ORCA: Starting ATSPI registry.", or: "ORCA: Starting Atspi main event loop", in: speech, timeout: 60),
                "Orca started: \(spoken())")
        // 90 s: under two suites and two busy loops, Orca 43 once went quiet for 30 s right after starting its
        // registry and then spoke the focus it had queued; the waits end as soon as the speech comes.
        #expect(try runClient(["focus", "Volume"], bus: bus) == 0)
        #expect(waitFor("SPEECH OUTPUT: 'Volume horizontal slider 62 %", in: speech, timeout: 90), "Orca read the focused slider: \(spoken())")
        #expect(try runClient(["set", "Volume", "0.8"], bus: bus) == 0)
        #expect(waitFor("SPEECH OUTPUT: '80 %'", in: speech, timeout: 90),
                "Orca read the new value: \(spoken())\nwhat Orca did with it:\n\(handling())")
        try spoken().write(toFile: Renders.path("orca-speech.log"), atomically: true, encoding: .utf8)
    }
}
