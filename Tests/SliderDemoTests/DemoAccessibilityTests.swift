import Foundation
import PrivateCompositors
import Testing

/// slider-demo in a session with an accessibility bus, as a screen reader user runs it: its sliders are on
/// the bus under their labels, read by a pyatspi client.
@Suite(.serialized) struct DemoAccessibilityTests {
    static let client = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SliderAccessibilityTests/AccessibilityClient/atspi_client.py").path

    @Test func theDemosSlidersAreOnTheAccessibilityBusUnderTheirLabels() throws {
        let bus = try PrivateAccessibilityBus()
        let weston = try HeadlessWeston(width: 1024, height: 768, scale: 1)
        var environment = bus.clientEnvironment
        environment["WAYLAND_DISPLAY"] = weston.socketPath
        let demoLog = bus.runtimeDirectory.appendingPathComponent("demo.log").path
        let demo = try ChildProcess(BuiltProgram.binary, [], environment: environment, outputPath: demoLog)
        defer { demo.stop(grace: 2) }
        let output = bus.runtimeDirectory.appendingPathComponent("client.log").path
        let client = try ChildProcess("/usr/bin/python3", [DemoAccessibilityTests.client, "org.waylandslider.Demo"],
                                      environment: bus.clientEnvironment, outputPath: output)
        let deadline = Date().addingTimeInterval(60)
        while client.isRunning && Date() < deadline { usleep(20_000) }
        if client.isRunning { client.signal(SIGKILL) }
        #expect(client.wait() == 0, "\((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")")
        let line = try #require(try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").first { $0.hasPrefix("{") })
        let tree = try #require((try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["tree"] as? [String: Any])
        try Data(line.utf8).write(to: URL(fileURLWithPath: Renders.path("atspi-demo-tree.json")))
        let frame = try #require((tree["children"] as? [[String: Any]])?.first)
        #expect(frame["name"] as? String == "WaylandSlider" && frame["role"] as? String == "frame")
        let sliders = frame["children"] as? [[String: Any]] ?? []
        #expect(sliders.map { $0["name"] as? String } == ["Volume", "Brightness", "Temperature", "Time window", "Balance", "Disabled", "Fader"])
        #expect(sliders.allSatisfy { $0["role"] as? String == "slider" })
        let disabled = try #require(sliders.first { $0["name"] as? String == "Disabled" })
        #expect(!(disabled["states"] as? [String] ?? []).contains("enabled"))
        let fader = try #require(sliders.last)
        #expect((fader["states"] as? [String] ?? []).contains("vertical"))
        let volume = try #require(sliders.first)
        #expect((volume["value"] as? [String: Any])?["text"] as? String == "62 %")
    }
}
