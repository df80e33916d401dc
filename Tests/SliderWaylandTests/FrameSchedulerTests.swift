import PrivateCompositors
@_spi(Internals) @testable import SliderWayland
import Testing

@Suite struct FrameSchedulerTests {
    @Test func drawsAtOnceWhenNoCallbackIsOutstanding() {
        var scheduler = FrameScheduler()
        #expect(!scheduler.shouldDraw)
        scheduler.setNeedsFrame()
        #expect(scheduler.shouldDraw)
    }

    @Test func waitsForTheFrameCallbackAfterACommit() {
        var scheduler = FrameScheduler()
        scheduler.setNeedsFrame()
        scheduler.didCommit()
        scheduler.setNeedsFrame()
        #expect(!scheduler.shouldDraw, "a second change before the callback waits for it")
        scheduler.frameDone()
        #expect(scheduler.shouldDraw)
    }

    @Test func aChangeTheCompositorWaitsForIsDrawnWithoutTheCallback() {
        var scheduler = FrameScheduler()
        scheduler.setNeedsFrame()
        scheduler.didCommit()
        scheduler.setNeedsFrameWithoutWaiting()
        #expect(scheduler.shouldDraw, "a configure's new size does not wait for the outstanding callback")
        scheduler.didCommit()
        scheduler.setNeedsFrame()
        #expect(!scheduler.shouldDraw, "the frame after it waits for its own callback")
    }

    @Test func aCallbackWithNothingChangedDrawsNothing() {
        var scheduler = FrameScheduler()
        scheduler.setNeedsFrame()
        scheduler.didCommit()
        scheduler.frameDone()
        #expect(!scheduler.shouldDraw)
    }

    @Test func aSkippedFrameClearsTheRequestWithoutWaiting() {
        var scheduler = FrameScheduler()
        scheduler.setNeedsFrame()
        scheduler.didSkip()
        #expect(!scheduler.shouldDraw && !scheduler.isCallbackPending)
    }

    /// Paced by fifo barriers or commit timing, a frame does not wait for the last one's callback.
    @Test func aFrameNotWaitingForItsCallbackLetsTheNextChangeDrawAtOnce() {
        var scheduler = FrameScheduler()
        scheduler.setNeedsFrame()
        scheduler.didCommit(waitsForCallback: false)
        #expect(!scheduler.shouldDraw && !scheduler.isCallbackPending)
        scheduler.setNeedsFrame()
        #expect(scheduler.shouldDraw)
    }
}
