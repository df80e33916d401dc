import SliderCore
import SliderHaptics

/// The haptics of a surface or canvas: what was asked for, and the player while one plays.
struct HapticsState {
    private(set) var configuration: HapticsConfiguration?
    private var player: HapticsPlayer?

    /// What plays the pulses now, nil when nothing does.
    var device: HapticsDevice? { player?.output.device }

    /// Starts `configuration` (nil: off) for `sliders`, replacing what played before; on a throw nothing plays.
    mutating func set(_ configuration: HapticsConfiguration?, appID: String, sliders: [Slider]) throws(HapticsError) {
        sliders.forEach(HapticsPlayer.detach)
        player = nil
        self.configuration = nil
        guard let configuration else { return }
        player = try HapticsPlayer.start(configuration, appID: appID)
        self.configuration = configuration
        if let player { sliders.forEach(player.attach) }
    }

    /// A slider was added: its events play too.
    func added(_ slider: Slider) { player?.attach(slider) }
    /// A slider was removed: its events no longer play.
    func removed(_ slider: Slider) { HapticsPlayer.detach(slider) }
}
