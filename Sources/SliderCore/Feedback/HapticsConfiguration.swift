/// Vibration behind the step callbacks: a pulse for every step event (crossings the rate budget merged play
/// once), a stronger one when a thumb hits an end. Detents fire where `StepFeedbackConfiguration` puts them,
/// with its hysteresis and rate budget.
public struct HapticsConfiguration: Equatable, Sendable {
    /// What plays the pulses; nil (the default) chooses: feedbackd's Haptic interface on the session bus when
    /// the service offers it, else the first evdev device udev tags as a vibrator (`FEEDBACKD_TYPE=vibra`)
    /// that can play force feedback, else nothing, silently.
    public var device: HapticsDevice?
    /// Played for each step event. Default: `.detent`.
    public var detent: HapticPulse
    /// Played for each limit event. Default: `.limit`.
    public var limit: HapticPulse
    /// The session bus feedbackd is looked for on; nil (the default): `DBUS_SESSION_BUS_ADDRESS`.
    public var sessionBusAddress: String?

    public init(device: HapticsDevice? = nil, detent: HapticPulse = .detent, limit: HapticPulse = .limit, sessionBusAddress: String? = nil) {
        self.device = device
        self.detent = detent
        self.limit = limit
        self.sessionBusAddress = sessionBusAddress
    }
}

/// What plays haptic pulses.
public enum HapticsDevice: Equatable, Sendable {
    /// feedbackd (`org.sigxcpu.Feedback.Haptic.Vibrate` on the session bus), which drives the motor and
    /// applies the user's feedback profile. Needs feedbackd 0.6 or later.
    case feedbackd
    /// A kernel event device with force feedback (`FF_RUMBLE` or `FF_PERIODIC`), opened directly.
    case evdev(path: String)
}

/// Why the haptics asked for cannot play.
public enum HapticsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// feedbackd was asked for, and no session bus runs, or no feedbackd with the Haptic interface is on it.
    case feedbackdUnavailable(String)
    /// The evdev device cannot be opened, or cannot play force feedback.
    case deviceUnusable(path: String, reason: String)

    public var description: String {
        switch self {
        case .feedbackdUnavailable(let reason): "feedbackd's Haptic interface is not available: \(reason)"
        case .deviceUnusable(let path, let reason): "the vibration device \(path) cannot be used: \(reason)"
        }
    }
}
