import CWaylandClient
import CWaylandProtocols

/// The per-surface object of a frame pacing other than frame callbacks (`FramePacing`): a wp_fifo_v1 or a
/// wp_commit_timer_v1 made for the surface, destroyed with this (before the surface: its owner goes first).
///
/// With commit timing it also watches that the compositor applies the timed frames: one whose frame callback
/// has not come `refreshesBeforeNudge` refreshes after its target is nudged (`nudgeIfUnapplied`). mutter 48 can
/// leave a timed commit unapplied for good: its frame clock drops the commit's time once a frame is predicted
/// to be presented after it, and the frame that then runs may target an earlier time; with nothing else to
/// repaint, no later frame comes, and the window, waiting for that commit's buffers or frame callback, would
/// stop drawing. A later timed commit gives mutter a time again, and the repaint it runs applies every commit
/// before it.
final class SurfacePacing {
    let pacing: FramePacing
    private let fifo: OpaquePointer?
    private let timer: OpaquePointer?
    private let surface: WaylandSurface
    /// The last frame's target time (seconds on the presentation clock).
    private var lastTarget: Double?
    /// When to look whether the compositor has applied the last timed frame (its frame callback came), and
    /// how long the wait before that look was; nil once it has.
    private var unappliedCheck: (at: Double, wait: Double)?

    /// Refreshes after its target time that a timed frame may go unapplied before it is nudged.
    private static let refreshesBeforeNudge = 4.0
    /// The longest wait between nudges while the frame stays unapplied (each wait twice the last).
    private static let longestNudgeWait = 1.0

    /// nil for frame callbacks, which need no object.
    init?(_ pacing: FramePacing, surface: WaylandSurface, globals: Globals) {
        switch pacing {
        case .deadline, .frameCallbacks:
            return nil
        case .fifo:
            guard let manager = globals.fifoManager, let fifo = wp_fifo_manager_v1_get_fifo(manager, surface.proxy) else { return nil }
            (self.fifo, timer) = (fifo, nil)
        case .commitTiming:
            guard let manager = globals.commitTimingManager, let timer = wp_commit_timing_manager_v1_get_timer(manager, surface.proxy) else { return nil }
            (fifo, self.timer) = (nil, timer)
        }
        self.pacing = pacing
        self.surface = surface
    }

    deinit {
        if let fifo { wp_fifo_v1_destroy(fifo) }
        if let timer { wp_commit_timer_v1_destroy(timer) }
    }

    /// Adds the pacing's state to the surface's next commit, a frame's: the fifo barrier set and waited for,
    /// or the target time (one `refresh` after the last target, not before `now`; seconds on the
    /// presentation clock), after which the frame is watched until it is applied.
    func prepareFrameCommit(now: Double, refresh: Double) {
        if let fifo {
            wp_fifo_v1_set_barrier(fifo)
            wp_fifo_v1_wait_barrier(fifo)
        }
        guard timer != nil else { return }
        let target = max(now, lastTarget.map { $0 + refresh } ?? now)
        lastTarget = target
        setTimestamp(target)
        let wait = Self.refreshesBeforeNudge * refresh
        unappliedCheck = (target + wait, wait)
    }

    /// The compositor applied the last frame (its frame callback came).
    func frameApplied() { unappliedCheck = nil }

    /// When `nudgeIfUnapplied` has something to do, nil while no timed frame waits.
    var nextCheck: Double? { unappliedCheck?.at }

    /// Commits the surface with only a target time that has come when the last timed frame is still unapplied
    /// at `now`: the next look comes after twice the last wait (at most `longestNudgeWait`). Returns true
    /// when it committed.
    func nudgeIfUnapplied(now: Double) throws(WaylandError) -> Bool {
        guard let check = unappliedCheck, now >= check.at else { return false }
        let wait = min(2 * check.wait, Self.longestNudgeWait)
        unappliedCheck = (now + wait, wait)
        setTimestamp(now)
        try surface.commit(.unchanged)
        return true
    }

    private func setTimestamp(_ time: Double) {
        guard let timer else { return }
        let nanoseconds = UInt64((max(0, time) * 1e9).rounded())
        let seconds = nanoseconds / 1_000_000_000
        wp_commit_timer_v1_set_timestamp(timer, UInt32(truncatingIfNeeded: seconds >> 32), UInt32(truncatingIfNeeded: seconds),
                                         UInt32(nanoseconds % 1_000_000_000))
    }
}
