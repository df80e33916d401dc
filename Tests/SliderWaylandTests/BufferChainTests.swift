import Foundation
import PrivateCompositors
@_spi(Internals) import SliderRenderer
@_spi(Internals) @testable import SliderWayland
import Testing
@_spi(Internals) import WaylandSlider

/// A compositor that holds every wl_shm buffer (`ScriptedCompositor(.holdBuffers)`: it releases one only when the test
/// says so) neither blocks the frame loop nor makes it fail: the buffer chain grows to its bound, then the
/// next frame waits for a release, and the frame drawn into the released buffer shows the latest state.
@Suite(.serialized) struct BufferChainTests {
    @Test func whenTheCompositorHoldsEveryBufferTheNextFrameWaitsForARelease() throws {
        let compositor = try ScriptedCompositor(.holdBuffers)
        let slider = try Slider(value: 0.1, in: 0...1, name: "volume")
        slider.frame = Rect(x: 20, y: 20, width: 360, height: 44)
        let window = try SliderWindow(WindowConfiguration(title: "held buffers", size: Size(width: 400, height: 84), isDecorated: false,
                                                          presentation: .sharedMemory),
                                      sliders: [slider], background: .white, socket: compositor.socketPath)
        let bound = ShmBufferChain.maximumCount
        // A new value every frame; the compositor answers each frame callback at once, and keeps each buffer.
        let filled = MonotonicTime.seconds() + 10
        while compositor.heldBuffers < bound, MonotonicTime.seconds() < filled {
            if !window.hasFrameInFlight { try slider.setValue(slider.value + 0.02, animated: false) }
            try window.dispatch(timeout: 0.02)
        }
        #expect(compositor.heldBuffers == bound, "the chain grows to \(bound) buffers while the compositor holds them")
        let committed = window.frameLoop.committedFrames
        #expect(committed == bound)
        #expect(compositor.bufferCommits == bound)

        // Every buffer is held: changes wait, and dispatching neither blocks nor fails.
        let waiting = MonotonicTime.seconds()
        for _ in 0..<10 {
            try slider.setValue(slider.value + 0.02, animated: false)
            try window.dispatch(timeout: 0.01)
        }
        #expect(window.frameLoop.committedFrames == committed, "no frame while no buffer is free")
        #expect(window.hasFrameInFlight, "the change waits to be drawn")
        #expect(MonotonicTime.seconds() - waiting < 3, "ten dispatches of at most 10 ms each")

        // One buffer comes back: the waiting frame is drawn into it, with the latest value.
        #expect(compositor.releaseOldestBuffer())
        let released = MonotonicTime.seconds() + 5
        while window.frameLoop.committedFrames == committed, MonotonicTime.seconds() < released { try window.dispatch(timeout: 0.05) }
        #expect(window.frameLoop.committedFrames == committed + 1)
        // The compositor runs on a thread of its own: the commit reaches it a moment after the client made it.
        let received = MonotonicTime.seconds() + 5
        while compositor.bufferCommits < committed + 1, MonotonicTime.seconds() < received { try window.dispatch(timeout: 0.01) }
        #expect(compositor.bufferCommits == committed + 1)
        #expect(compositor.heldBuffers == bound)
        let shown = try #require(compositor.lastFrame())
        let expected = try window.renderer.image(of: [slider], size: window.size, scale: 1, background: .white)
        try Renders.save(shown, as: "held-buffers-after-release")
        let difference = shown.difference(from: expected)
        #expect(difference.maximum <= 2, "the frame after the release shows the latest value: max difference \(difference.maximum)")
    }
}
