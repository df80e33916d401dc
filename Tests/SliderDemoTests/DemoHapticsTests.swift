import Foundation
import PrivateCompositors
import Testing

/// `slider-demo --haptics` as a user runs it, against a real feedbackd on a private session bus: the demo says
/// what plays, and each step and limit event of a replayed drag (the temperature from 21 to 25 °C) reaches
/// feedbackd as one Vibrate call (Debian 13's feedbackd). Debian 12's has no Haptic interface: there the demo
/// says nothing will vibrate (each test runs on the release it describes and is reported skipped on the other).
@Suite struct DemoHapticsTests {
    /// Runs the demo's replayed drag with `--haptics` on `feedbackd`'s bus; returns its output lines and the
    /// step and limit events among them.
    func replayedDrag(_ feedbackd: PrivateFeedbackd) throws -> (lines: [String], events: [String]) {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Demo/InputScripts/hold-temperature.jsonl").path
        let shot = NSTemporaryDirectory() + "demo-haptics-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: shot) }
        let result = try BuiltProgram.run(["--haptics", "--replay", script, "--events", "--hide-cursor", "--screenshot", shot],
                                         environment: ["DBUS_SESSION_BUS_ADDRESS": feedbackd.sessionAddress])
        #expect(result.status == 0, "\(result.standardError)")
        let events = result.lines.filter { $0.contains("\"kind\":\"step\"") || $0.contains("\"kind\":\"limit\"") }
        #expect(events.count >= 3, "the drag crossed detents: \(result.lines)")
        return (result.lines, events)
    }

    @Test(.enabled(if: PrivateFeedbackd.offersHaptics, "Debian 12's feedbackd 0.0.3 has no Haptic interface"))
    func theReplayedDragsDetentsReachFeedbackd() throws {
        let feedbackd = try PrivateFeedbackd()
        let (lines, events) = try replayedDrag(feedbackd)
        #expect(lines.contains("slider-demo: haptics through feedbackd"), "\(lines)")
        let calls = feedbackd.waitForVibrateCalls(events.count)
        #expect(calls.count == events.count, "\(events.count) events: \(calls)")
        #expect(calls.allSatisfy { $0.appID == "org.waylandslider.Demo" && $0.pattern == [PrivateFeedbackd.Pulse(strength: 0.5, milliseconds: 8)] })
    }

    @Test(.enabled(if: !PrivateFeedbackd.offersHaptics, "Debian 13's feedbackd has the Haptic interface"))
    func withoutFeedbackdsHapticInterfaceTheDemoSaysNothingWillVibrate() throws {
        let feedbackd = try PrivateFeedbackd()
        let (lines, _) = try replayedDrag(feedbackd)
        #expect(lines.contains { $0.contains("nothing will vibrate") }, "\(lines)")
        #expect(feedbackd.vibrateCalls.isEmpty)
    }
}
