import Foundation

/// feedbackd on a private session bus, as a phone session runs it, with `busctl monitor` recording every call
/// to its Haptic interface: the calls a client made, their patterns and when the bus carried them. Each
/// instance has its own bus and runtime dir; everything stops when it is released.
package final class PrivateFeedbackd {
    /// One `org.sigxcpu.Feedback.Haptic.Vibrate` call as the bus carried it.
    package struct VibrateCall: Equatable {
        package var appID: String
        /// (strength, milliseconds) pairs.
        package var pattern: [Pulse]
        /// When the monitor received it: microseconds of CLOCK_REALTIME.
        package var realtimeMicroseconds: UInt64
    }
    package struct Pulse: Equatable {
        package var strength: Double
        package var milliseconds: UInt32
        package init(strength: Double, milliseconds: UInt32) {
            self.strength = strength
            self.milliseconds = milliseconds
        }
    }

    package let bus: PrivateAccessibilityBus
    private let feedbackd: ChildProcess
    private let monitor: ChildProcess
    private var logURL: URL { bus.runtimeDirectory.appendingPathComponent("feedbackd.log") }
    private var monitorURL: URL { bus.runtimeDirectory.appendingPathComponent("haptic-calls.json") }

    /// The session bus's address, for the client.
    package var sessionAddress: String { bus.sessionAddress }

    /// Starts a session bus, the monitor, then `/usr/libexec/feedbackd` (debug log on); returns once feedbackd
    /// owns its name. feedbackd exports its Haptic interface only when it found a vibration motor, which no
    /// machine of the suite has: `forcesHapticInterface` exports it anyway (its debug switch
    /// `FEEDBACKD_DEBUG=force-haptic`), and feedbackd then answers each call "No haptic device".
    package init(forcesHapticInterface: Bool = true) throws {
        bus = try PrivateAccessibilityBus(launchesAccessibilityBus: false)
        let environment = bus.clientEnvironment
        let monitorLog = bus.runtimeDirectory.appendingPathComponent("monitor.log").path
        // The JSON lines go to their own file (standard output, line-buffered); busctl's notes go to the log.
        monitor = try ChildProcess("/usr/bin/setpriv", ["--pdeathsig", "TERM", "--", "/bin/sh", "-c",
                                                        "exec stdbuf -oL busctl --address=\"$0\" --json=short monitor --match=\"$1\" > \"$2\"",
                                                        bus.sessionAddress, "type='method_call',interface='org.sigxcpu.Feedback.Haptic'",
                                                        bus.runtimeDirectory.appendingPathComponent("haptic-calls.json").path],
                                   environment: environment, outputPath: monitorLog)
        // Ready once it records: a probe call on the Haptic interface (to the bus itself, which refuses it) shows up.
        let calls = bus.runtimeDirectory.appendingPathComponent("haptic-calls.json").path
        let address = bus.sessionAddress
        try monitor.waitUntil(ready: {
            _ = try? ChildProcess.run("/usr/bin/dbus-send", ["--bus=\(address)", "--type=method_call", "--dest=org.freedesktop.DBus",
                                                             "/org/sigxcpu/Feedback", "org.sigxcpu.Feedback.Haptic.MonitorProbe"])
            return ((try? String(contentsOfFile: calls, encoding: .utf8)) ?? "").contains("MonitorProbe")
        }, timeout: 20, name: "busctl monitor", log: { (try? String(contentsOfFile: monitorLog, encoding: .utf8)) ?? "" })
        var daemonEnvironment = environment
        daemonEnvironment["G_MESSAGES_DEBUG"] = "all"
        daemonEnvironment["GSETTINGS_BACKEND"] = "memory"
        if forcesHapticInterface { daemonEnvironment["FEEDBACKD_DEBUG"] = "force-haptic" }
        feedbackd = try ChildProcess("/usr/bin/setpriv", ["--pdeathsig", "TERM", "--", "/usr/libexec/feedbackd"],
                                     environment: daemonEnvironment, outputPath: bus.runtimeDirectory.appendingPathComponent("feedbackd.log").path)
        do {
            try feedbackd.waitUntil(ready: { self.bus.hasOwner("org.sigxcpu.Feedback") }, timeout: 20, name: "feedbackd", log: { self.log })
        } catch {
            monitor.stop(grace: 1)
            throw error
        }
    }

    deinit {
        feedbackd.stop(grace: 2)
        monitor.stop(grace: 1)
    }

    /// The installed feedbackd's Debian version ("0.8.2-1"), asked of dpkg once.
    package static let version: String = (try? ChildProcess.run("/usr/bin/dpkg-query", ["-W", "-f=${Version}", "feedbackd"])) ?? "(not installed)"

    /// Whether the installed feedbackd has the Haptic interface (0.6 and later: Debian 13's 0.8.2 has it,
    /// Debian 12's 0.0.3 has not), given a motor or `forcesHapticInterface`.
    package static let offersHaptics: Bool = (try? ChildProcess.run("/usr/bin/dpkg", ["--compare-versions", version, "ge", "0.6"])) != nil

    /// feedbackd's own log (GLib debug messages: "Haptic triggered for APP").
    package var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    /// The process groups it started (the bus's, feedbackd's, the monitor's).
    package var processGroups: [pid_t] { bus.processGroups + [feedbackd.processGroup, monitor.processGroup] }

    /// The Vibrate calls recorded so far, in order.
    package var vibrateCalls: [VibrateCall] {
        guard let text = try? String(contentsOf: monitorURL, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let message = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  message["member"] as? String == "Vibrate",
                  let time = (message["timestamp-realtime"] as? NSNumber)?.uint64Value,
                  let payload = message["payload"] as? [String: Any], let data = payload["data"] as? [Any], data.count == 2,
                  let appID = data[0] as? String, let pairs = data[1] as? [[NSNumber]] else { return nil }
            let pattern = pairs.compactMap { $0.count == 2 ? Pulse(strength: $0[0].doubleValue, milliseconds: $0[1].uint32Value) : nil }
            return VibrateCall(appID: appID, pattern: pattern, realtimeMicroseconds: time)
        }
    }

    /// How many calls feedbackd's log says it handled, once it says `count` (or `timeout` seconds pass): feedbackd
    /// logs a call after the bus delivered it, so the log can be behind the monitor's record.
    package func waitForHandledCalls(_ count: Int, timeout: Double = 30) -> Int {
        func handled() -> Int { log.components(separatedBy: "Haptic triggered for").count - 1 }
        let deadline = Date().addingTimeInterval(timeout)
        while handled() < count && Date() < deadline { usleep(10_000) }
        return handled()
    }

    /// Waits until `count` Vibrate calls were recorded (or `timeout` seconds pass); returns the calls.
    package func waitForVibrateCalls(_ count: Int, timeout: Double = 30) -> [VibrateCall] {
        let deadline = Date().addingTimeInterval(timeout)
        var calls = vibrateCalls
        while calls.count < count && Date() < deadline {
            usleep(10_000)
            calls = vibrateCalls
        }
        return calls
    }
}
