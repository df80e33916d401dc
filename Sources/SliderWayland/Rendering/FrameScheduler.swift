/// Frame pacing with a flag, not a loop: a change sets `needsFrame`; a frame is drawn right away when no
/// frame callback is outstanding, else when the compositor's callback says the last one was shown.
/// Nothing changes, nothing is drawn.
public struct FrameScheduler: Equatable, Sendable {
    /// Something changed since the last frame.
    public private(set) var needsFrame = false
    /// A frame was committed and its wl_surface.frame callback has not arrived.
    public private(set) var isCallbackPending = false

    public init() {}

    /// Marks that the next opportunity should draw.
    public mutating func setNeedsFrame() { needsFrame = true }

    /// True when a frame should be drawn now.
    public var shouldDraw: Bool { needsFrame && !isCallbackPending }

    /// A frame was committed with a frame callback requested.
    public mutating func didCommit() {
        needsFrame = false
        isCallbackPending = true
    }

    /// A frame was considered and nothing needed committing (the scene was unchanged).
    public mutating func didSkip() { needsFrame = false }

    /// The compositor's frame callback arrived: the next frame may be drawn.
    public mutating func frameDone() { isCallbackPending = false }

    /// The callback will never arrive (the surface was remapped, the connection reset): stop waiting.
    public mutating func reset() { isCallbackPending = false }
}
