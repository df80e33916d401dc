import Foundation
import PrivateCompositors
@_spi(Internals) @testable import SliderWayland
import Testing
@_spi(Internals) import WaylandSlider

/// A configure is acknowledged, and the acknowledgement applies with the surface's next commit. sway shows a
/// window's new state, a newly mapped window's among it, only once a commit carries it: it sends a second
/// configure (the window activated) after the first frame, and a window that acknowledged it without a
/// commit was shown 200 ms later (sway's transaction timeout; sway 1.10's presentation feedback put the first
/// frame 200 to 210 ms after its commit). Played by the scripted compositor, which configures the window
/// again (0 x 0: its own size) after its first frames.
@Suite struct ConfigureAcknowledgementTests {
    @Test(arguments: PresentationPath.both)
    func aConfigureThatChangesNothingDrawnIsCommittedWithoutANewFrame(_ path: PresentationPath) throws {
        let compositor = try ScriptedCompositor(.wellBehaved)
        let slider = try Slider(value: 0.4, in: 0...1, name: "volume")
        slider.frame = Rect(x: 20, y: 20, width: 360, height: 44)
        let window = try SliderWindow(WindowConfiguration(title: "configured again", size: Size(width: 400, height: 84), isDecorated: false,
                                                          presentation: path),
                                      sliders: [slider], background: .white, socket: compositor.socketPath)
        // The first configure, then one after the first frame: both committed, and nothing new drawn for the second.
        let until = MonotonicTime.seconds() + 5
        while !(compositor.configureSent >= 2 && compositor.configureCommitted == compositor.configureSent), MonotonicTime.seconds() < until {
            try window.dispatch(timeout: 0.02)
        }
        #expect(compositor.configureSent >= 2, "the compositor configured the window again after its first frame")
        #expect(compositor.configureCommitted == compositor.configureSent,
                "configure \(compositor.configureSent) acknowledged and committed; the last commit applied \(compositor.configureCommitted)")
        #expect(window.frameLoop.committedFrames == 1, "no frame drawn for a configure that changes nothing: \(window.frameLoop.committedFrames)")
        #expect(window.size == Size(width: 400, height: 84))
    }
}
