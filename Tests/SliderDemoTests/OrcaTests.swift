import Foundation
import HeadlessWeston
import Testing

/// Orca (43 on Debian 12, 48 on Debian 13), the screen reader, reading slider-demo: a private accessibility
/// bus, the demo on a private weston, Orca with its speech written to its debug output (an X server of its
/// own, Xvfb, because Orca reads the keyboard map through X), and a pyatspi client moving focus and setting a
/// value as a user would. Orca 48 says the slider's percentage after its value text ("Volume horizontal
/// slider 62 % 62 percent."); Orca 43 the value text alone: what both say first is checked.
@Suite(.serialized) struct OrcaTests {
    static let client = DemoAccessibilityTests.client

    /// Waits until `path` holds `text` (Orca speaks as events arrive).
    func waitFor(_ text: String, in path: String, timeout: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            // Leniently decoded: Orca may be midway through writing a character.
            if let data = FileManager.default.contents(atPath: path), String(decoding: data, as: UTF8.self).contains(text) { return true }
            usleep(50_000)
        }
        return false
    }

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
        let demo = try ChildProcess(DemoProcess.binary, [], environment: environment,
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
        // Orca's whole debug output is kept beside the test's other artefacts, passed or failed.
        defer { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "orca-debug.log")
                try? FileManager.default.copyItem(atPath: speech, toPath: NSTemporaryDirectory() + "orca-debug.log") }
        func spoken() -> String {
            String(decoding: FileManager.default.contents(atPath: speech) ?? Data(), as: UTF8.self).split(whereSeparator: \.isNewline)
                .filter { $0.contains("SPEECH OUTPUT") }.joined(separator: "\n")
        }
        /// Orca's own account of the value events: what it ignored, and why.
        func handling() -> String {
            let lines = String(decoding: FileManager.default.contents(atPath: speech) ?? Data(), as: UTF8.self).split(whereSeparator: \.isNewline)
            guard let first = lines.firstIndex(where: { $0.contains("accessible-value") }) else { return "no value event reached Orca" }
            return lines[first...].filter { $0.contains("EVENT MANAGER") || $0.contains("ERROR") || $0.contains("DEFAULT:") }
                .prefix(40).joined(separator: "\n")
        }
        #expect(waitFor("SPEECH OUTPUT: 'Screen reader on.'", in: speech, timeout: 60), "Orca started: \(spoken())")
        #expect(try runClient(["focus", "Volume"], bus: bus) == 0)
        #expect(waitFor("SPEECH OUTPUT: 'Volume horizontal slider 62 %", in: speech), "Orca read the focused slider: \(spoken())")
        #expect(try runClient(["set", "Volume", "0.8"], bus: bus) == 0)
        #expect(waitFor("SPEECH OUTPUT: '80 %'", in: speech), "Orca read the new value: \(spoken())\nwhat Orca did with it:\n\(handling())")
        try spoken().write(toFile: NSTemporaryDirectory() + "orca-speech.log", atomically: true, encoding: .utf8)
    }
}
