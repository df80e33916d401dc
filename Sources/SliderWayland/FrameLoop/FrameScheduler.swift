/// Frame pacing with a flag, not a loop: a change sets `needsFrame`; a frame is drawn right away when no
/// frame callback is outstanding, else when the compositor's callback says the last one was shown.
/// Nothing changes, nothing is drawn.
package struct FrameScheduler: Equatable, Sendable {
    /// Something changed since the last frame.
    package private(set) var needsFrame = false
    /// A frame was committed and its wl_surface.frame callback has not arrived.
    package private(set) var isCallbackPending = false

    package init() {}

    /// Marks that the next opportunity should draw.
    package mutating func setNeedsFrame() { needsFrame = true }

    /// Marks that the next opportunity should draw, without waiting for the outstanding frame callback: for
    /// a change the compositor may wait for before it answers that callback (a configure's new size or state).
    package mutating func setNeedsFrameWithoutWaiting() {
        needsFrame = true
        isCallbackPending = false
    }

    /// True when a frame should be drawn now.
    package var shouldDraw: Bool { needsFrame && !isCallbackPending }

    /// A frame was committed with a frame callback requested; the next waits for it unless
    /// `waitsForCallback` is false (another pacing: `FramePacing`).
    package mutating func didCommit(waitsForCallback: Bool = true) {
        needsFrame = false
        isCallbackPending = waitsForCallback
    }

    /// A frame was considered and nothing needed committing (the scene was unchanged).
    package mutating func didSkip() { needsFrame = false }

    /// The compositor's frame callback arrived: the next frame may be drawn.
    package mutating func frameDone() { isCallbackPending = false }

    /// The callback will never arrive (the surface was remapped, the connection reset): stop waiting.
    package mutating func reset() { isCallbackPending = false }
}
