/// One vibration: how strong, for how long. What a step or a limit plays on the device's vibration motor.
///
/// Out-of-range values are clamped, as feedbackd clamps them: `strength` to 0...1 (not finite: 0, which plays
/// nothing), `milliseconds` to 1...10000.
public struct HapticPulse: Equatable, Sendable {
    /// The relative strength, 0 (off) to 1 (the motor's strongest).
    public var strength: Double {
        didSet { strength = HapticPulse.clampedStrength(strength) }
    }
    /// How long the motor runs, in milliseconds.
    public var milliseconds: UInt32 {
        didSet { milliseconds = HapticPulse.clampedDuration(milliseconds) }
    }

    /// The longest pulse: feedbackd's own limit for one element of a pattern.
    public static let maximumMilliseconds: UInt32 = 10_000

    public init(strength: Double, milliseconds: UInt32) {
        self.strength = HapticPulse.clampedStrength(strength)
        self.milliseconds = HapticPulse.clampedDuration(milliseconds)
    }

    /// A detent: short and light, like the 7 to 12 ms pulses feedbackd's default theme plays for a button.
    public static let detent = HapticPulse(strength: 0.5, milliseconds: 8)
    /// An end of the track: stronger and longer than a detent.
    public static let limit = HapticPulse(strength: 1, milliseconds: 20)

    private static func clampedStrength(_ value: Double) -> Double { value.isFinite ? min(max(value, 0), 1) : 0 }
    private static func clampedDuration(_ value: UInt32) -> UInt32 { min(max(value, 1), maximumMilliseconds) }
}
