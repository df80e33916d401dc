import Foundation
import HeadlessWeston
import Testing

/// `slider-demo --haptics` as a user runs it, against a real feedbackd on a private session bus: the demo says
/// what plays, and each step and limit event of a replayed drag (the temperature from 21 to 25 °C) reaches
/// feedbackd as one Vibrate call (Debian 13's feedbackd; Debian 12's has no Haptic interface, and the demo
/// says nothing will vibrate).
@Suite struct DemoHapticsTests {
    @Test func theReplayedDragsDetentsReachFeedbackd() throws {
        let feedbackd = try PrivateFeedbackd()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Demo/InputScripts/hold-temperature.jsonl").path
        let shot = NSTemporaryDirectory() + "demo-haptics-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: shot) }
        let result = try DemoProcess.run(["--haptics", "--replay", script, "--events", "--hide-cursor", "--screenshot", shot],
                                         environment: ["DBUS_SESSION_BUS_ADDRESS": feedbackd.sessionAddress])
        #expect(result.status == 0, "\(result.standardError)")
        let events = result.lines.filter { $0.contains("\"kind\":\"step\"") || $0.contains("\"kind\":\"limit\"") }
        #expect(events.count >= 3, "the drag crossed detents: \(result.lines)")
        guard PrivateFeedbackd.offersHaptics else {
            #expect(result.lines.contains { $0.contains("nothing will vibrate") }, "\(result.lines)")
            #expect(feedbackd.vibrateCalls.isEmpty)
            return
        }
        #expect(result.lines.contains("slider-demo: haptics through feedbackd"), "\(result.lines)")
        let calls = feedbackd.waitForVibrateCalls(events.count)
        #expect(calls.count == events.count, "\(events.count) events: \(calls)")
        #expect(calls.allSatisfy { $0.appID == "org.waylandslider.Demo" && $0.pattern == [PrivateFeedbackd.Pulse(strength: 0.5, milliseconds: 8)] })
    }
}
