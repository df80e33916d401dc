import Glibc
import SliderCore
import SliderDBus

/// Plays pulses through feedbackd (`org.sigxcpu.Feedback.Haptic.Vibrate(app_id, a(du))` on the session
/// bus), which drives the motor and applies the user's feedback profile (a quiet or silent profile, or a
/// per-application level, turns the pulses off). Each pulse is one method call sent without waiting for
/// the reply: a detent never stalls the frame that showed it.
package final class FeedbackdHaptics: HapticOutput {
    static let name = "org.sigxcpu.Feedback"
    static let path = "/org/sigxcpu/Feedback"
    static let interface = "org.sigxcpu.Feedback.Haptic"

    private let connection: DBusConnection
    private let appID: String
    private let detent: HapticPulse
    private let limit: HapticPulse
    /// Set when a call could not be sent (the bus went away): nothing more is tried.
    private var isBroken = false

    package var device: HapticsDevice { .feedbackd }

    /// Connects to the session bus at `busAddress` (nil: `DBUS_SESSION_BUS_ADDRESS`) and checks that feedbackd
    /// is there (or can be started by the bus) and has the Haptic interface: feedbackd 0.6 and later export it
    /// when they found a vibration motor, so a machine without one plays nothing.
    package init(busAddress: String?, appID: String, detent: HapticPulse, limit: HapticPulse) throws(HapticsError) {
        let address = busAddress ?? getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) } ?? ""
        guard !address.isEmpty else { throw .feedbackdUnavailable("no session bus (DBUS_SESSION_BUS_ADDRESS is not set)") }
        do {
            connection = try DBusConnection(address: address)
        } catch {
            throw .feedbackdUnavailable("\(error)")
        }
        // Introspecting starts feedbackd when the bus can activate it and it is not running yet.
        let description: String
        do {
            description = try connection.call(FeedbackdHaptics.name, FeedbackdHaptics.path, "org.freedesktop.DBus.Introspectable", "Introspect",
                                              reply: { reader throws(DBusError) in try reader.string() })
        } catch {
            throw .feedbackdUnavailable("no feedbackd on the session bus (\(error))")
        }
        guard description.contains("\"\(FeedbackdHaptics.interface)\"") else {
            throw .feedbackdUnavailable("feedbackd on the session bus has no \(FeedbackdHaptics.interface) interface "
                                        + "(feedbackd 0.6 and later offer it when they found a vibration motor)")
        }
        self.appID = appID
        self.detent = detent
        self.limit = limit
    }

    package func play(_ cue: HapticCue) {
        guard !isBroken else { return }
        let pulse = cue == .detent ? detent : limit
        do {
            try connection.send(FeedbackdHaptics.name, FeedbackdHaptics.path, FeedbackdHaptics.interface, "Vibrate") { w in
                w.string(appID)
                w.container("a", "(du)") { w in
                    w.container("r", "du") { w in
                        w.double(pulse.strength)
                        w.uint32(pulse.milliseconds)
                    }
                }
            }
            // Reads what the bus sent meanwhile (its own signals) and writes anything still queued.
            try connection.process()
        } catch {
            isBroken = true
        }
    }
}
