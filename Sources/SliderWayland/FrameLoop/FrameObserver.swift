import SliderRenderer

/// What measures a frame loop (the benchmark's frame statistics, a test's probe): the loop tells it of each of
/// its steps (an input received, a frame drawn and committed, a presentation answered). The loop calls it only
/// where one is attached (the `observer` a window or frame loop is made with); a window that measures nothing
/// does nothing for it. Called on the loop's thread, with the presenter's context current while a frame is
/// drawn.
package protocol FrameObserver: AnyObject {
    /// How the loop draws its frames, takes them to the compositor and paces them: called once, when the loop
    /// is made, with its context current.
    func attached(presentation: PresentationPath, renderer: RendererKind, pacing: FramePacing)
    /// An input event reached the loop at `arrival`, seconds on the presentation clock; `time` is when the
    /// compositor says it happened, on the same clock (nil for an event it did not send: a replayed one, a key
    /// repeat).
    func inputReceived(happenedAt time: Double?, arrivedAt arrival: Double)
    /// The renderer is about to draw a frame.
    func frameWillDraw()
    /// The renderer has drawn the frame (its CPU side: the GPU may still be working).
    func frameDidDraw()
    /// A frame was committed (`FrameCommit` says when and what it showed).
    func frameCommitted(_ commit: FrameCommit)
    /// A timed commit the compositor left unapplied was nudged at `time` with a commit of only a target time.
    func timedCommitNudged(at time: Double)
    /// The compositor answered the presentation feedback asked for a frame (before the loop's deadline
    /// learns from it).
    func presentationAnswered(_ request: PresentationFeedback.Request, _ answer: PresentationFeedback.Answer)
    /// True while a committed frame has been reported neither presented nor discarded.
    var awaitsPresentation: Bool { get }
}

/// A frame the loop committed, as its observer is told of it. Times are seconds on the presentation clock.
package struct FrameCommit: Equatable, Sendable {
    /// When the commit (or the EGL swap, which commits) returned: the frame's presentation feedback is asked
    /// with this time (`PresentationFeedback.Request.commitTime`).
    package var commitTime: Double
    /// When the oldest input event the frame shows arrived; nil when it shows none.
    package var inputTime: Double?
    /// Seconds from starting the scene to the commit's return (CPU side).
    package var renderDuration: Double
    /// Device pixels redrawn.
    package var redrawnPixels: Int

    package init(commitTime: Double, inputTime: Double?, renderDuration: Double, redrawnPixels: Int) {
        (self.commitTime, self.inputTime, self.renderDuration, self.redrawnPixels) = (commitTime, inputTime, renderDuration, redrawnPixels)
    }
}
