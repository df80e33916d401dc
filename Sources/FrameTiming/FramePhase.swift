/// What one measured phase of a frame-timing run saw: frames committed, CPU used, and the distributions of
/// render time and latency (milliseconds).
public struct FramePhase: Sendable {
    public var name: String
    /// Wall-clock seconds measured (after the warm-up).
    public var seconds = 0.0
    /// Frames committed.
    public var frames = 0
    /// Frames the compositor reported presented.
    public var presentedFrames = 0
    /// CPU seconds (user + system) of this process.
    public var cpuSeconds = 0.0
    /// CPU seconds of the compositor, when its process id was given.
    public var compositorCPUSeconds: Double?
    /// Scene build to swap return, milliseconds.
    public var render: Distribution?
    /// Oldest input a frame shows to its commit, milliseconds.
    public var inputToCommit: Distribution?
    /// Oldest input a frame shows to the compositor presenting it, milliseconds.
    public var inputToPresent: Distribution?
    /// Per frame: seconds since the phase began, milliseconds since the previous commit (for a plot).
    public var intervals: [(Double, Double)] = []

    public init(name: String) { self.name = name }

    public var fps: Double { seconds > 0 ? Double(frames) / seconds : 0 }
    /// CPU seconds per committed frame, nil without frames.
    public var cpuPerFrame: Double? { frames > 0 ? cpuSeconds / Double(frames) : nil }
    /// Compositor CPU seconds per committed frame, when measured.
    public var compositorCPUPerFrame: Double? { frames > 0 ? compositorCPUSeconds.map { $0 / Double(frames) } : nil }
}
