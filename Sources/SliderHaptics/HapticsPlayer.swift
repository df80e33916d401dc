import SliderCore

/// Plays the step and limit events of the sliders attached to it on the output a `HapticsConfiguration`
/// chooses. A surface or canvas holds one while haptics are on; sliders hold it weakly.
package final class HapticsPlayer {
    package let configuration: HapticsConfiguration
    package let output: any HapticOutput

    /// The output `configuration` asks for, for application `appID` (feedbackd's per-application level).
    /// Throws when an explicit device cannot play; nil when the automatic choice found nothing.
    package static func start(_ configuration: HapticsConfiguration, appID: String) throws(HapticsError) -> HapticsPlayer? {
        let detent = configuration.detent, limit = configuration.limit
        switch configuration.device {
        case .feedbackd:
            return HapticsPlayer(configuration, try FeedbackdHaptics(busAddress: configuration.sessionBusAddress, appID: appID, detent: detent, limit: limit))
        case .evdev(let path):
            return HapticsPlayer(configuration, try EvdevHaptics(path: path, detent: detent, limit: limit))
        case nil:
            if let feedbackd = try? FeedbackdHaptics(busAddress: configuration.sessionBusAddress, appID: appID, detent: detent, limit: limit) {
                return HapticsPlayer(configuration, feedbackd)
            }
            for path in TaggedVibrators.paths() {
                if let evdev = try? EvdevHaptics(path: path, detent: detent, limit: limit) { return HapticsPlayer(configuration, evdev) }
            }
            return nil
        }
    }

    private init(_ configuration: HapticsConfiguration, _ output: any HapticOutput) {
        self.configuration = configuration
        self.output = output
    }

    /// Plays `slider`'s step and limit events from now on.
    package func attach(_ slider: Slider) {
        slider.onFeedback = { [weak self] event in self?.play(event) }
    }

    /// Stops playing `slider`'s events.
    package static func detach(_ slider: Slider) { slider.onFeedback = nil }

    func play(_ event: SliderEvent) {
        switch event {
        case .step: output.play(.detent)
        case .limit: output.play(.limit)
        default: break
        }
    }
}
