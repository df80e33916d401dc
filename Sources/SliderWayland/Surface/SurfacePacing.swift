import CWaylandClient
import CWaylandProtocols

/// The per-surface object of a frame pacing other than frame callbacks (`FramePacing`): a wp_fifo_v1 or a
/// wp_commit_timer_v1 made for the surface, destroyed with this (before the surface: its owner goes first).
final class SurfacePacing {
    let pacing: FramePacing
    private let fifo: OpaquePointer?
    private let timer: OpaquePointer?
    /// The last frame's target time (seconds on the presentation clock).
    private var lastTarget: Double?

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
    }

    deinit {
        if let fifo { wp_fifo_v1_destroy(fifo) }
        if let timer { wp_commit_timer_v1_destroy(timer) }
    }

    /// Adds the pacing's state to the surface's next commit, a frame's: the fifo barrier set and waited for,
    /// or the target time (one `refresh` after the last target, not before `now`; seconds on the
    /// presentation clock). Returns the target time; nil with fifo.
    func prepareFrameCommit(now: Double, refresh: Double) -> Double? {
        if let fifo {
            wp_fifo_v1_set_barrier(fifo)
            wp_fifo_v1_wait_barrier(fifo)
        }
        guard timer != nil else { return nil }
        let target = max(now, lastTarget.map { $0 + refresh } ?? now)
        lastTarget = target
        setTimestamp(target)
        return target
    }

    /// Adds a target time of `now` to the surface's next commit, one that carries nothing else: a compositor
    /// that left an earlier timed commit unapplied (`FrameLoop`'s nudge) is given a time that has come. The
    /// next frame's target is not moved.
    func prepareNudge(now: Double) { setTimestamp(now) }

    private func setTimestamp(_ time: Double) {
        guard let timer else { return }
        let nanoseconds = UInt64((max(0, time) * 1e9).rounded())
        let seconds = nanoseconds / 1_000_000_000
        wp_commit_timer_v1_set_timestamp(timer, UInt32(truncatingIfNeeded: seconds >> 32), UInt32(truncatingIfNeeded: seconds),
                                         UInt32(nanoseconds % 1_000_000_000))
    }
}
