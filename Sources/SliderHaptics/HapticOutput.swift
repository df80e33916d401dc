import SliderCore

/// What a haptic output plays: the two pulses of a `HapticsConfiguration`.
package enum HapticCue: Sendable {
    case detent
    case limit
}

/// Something that makes the device vibrate: feedbackd, or an evdev device directly. Plays without waiting
/// for the motor; a failure after it started (the service went away, the device was unplugged) is silent.
package protocol HapticOutput: AnyObject {
    /// What plays the pulses.
    var device: HapticsDevice { get }
    /// Plays `cue`'s pulse now, ending any pulse still playing.
    func play(_ cue: HapticCue)
}
