import CForceFeedback
import Glibc
import SliderCore

/// Plays pulses on a kernel event device with force feedback (a phone's or panel's vibration motor) directly:
/// the detent and limit effects are uploaded once (a rumble, else a sine), and each pulse is one write of a
/// play event. Closing removes the effects.
package final class EvdevHaptics: HapticOutput {
    private let fileDescriptor: Int32
    private let path: String
    private var effects: [Int32] = []

    package var device: HapticsDevice { .evdev(path: path) }

    /// Opens `path` and uploads the two effects; throws when it is not an event device, has no rumble or
    /// periodic force feedback, or refuses an effect.
    package init(path: String, detent: HapticPulse, limit: HapticPulse) throws(HapticsError) {
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .deviceUnusable(path: path, reason: EvdevHaptics.describe(errno)) }
        let kinds = slider_force_feedback_kinds(fd)
        guard kinds > 0 else {
            close(fd)
            let reason = kinds < 0 ? "not an event device (\(EvdevHaptics.describe(-kinds)))" : "it has no rumble or periodic force feedback"
            throw .deviceUnusable(path: path, reason: reason)
        }
        let kind = kinds & Int32(SLIDER_FORCE_FEEDBACK_RUMBLE) != 0 ? Int32(SLIDER_FORCE_FEEDBACK_RUMBLE) : Int32(SLIDER_FORCE_FEEDBACK_PERIODIC)
        fileDescriptor = fd
        self.path = path
        for pulse in [detent, limit] {
            let id = slider_force_feedback_upload(fd, -1, kind, pulse.strength, pulse.milliseconds)
            guard id >= 0 else {
                let reason = "uploading an effect failed (\(EvdevHaptics.describe(-id)))"
                removeEffects()
                close(fd)
                throw .deviceUnusable(path: path, reason: reason)
            }
            effects.append(id)
        }
    }

    deinit {
        removeEffects()
        close(fileDescriptor)
    }

    package func play(_ cue: HapticCue) {
        _ = slider_force_feedback_play(fileDescriptor, effects[cue == .detent ? 0 : 1])
    }

    private func removeEffects() {
        for id in effects { _ = slider_force_feedback_erase(fileDescriptor, id) }
        effects.removeAll()
    }

    private static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}
