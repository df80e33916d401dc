/// What decides when a surface's next frame may be drawn. Applications keep the default, `deadline`; the
/// benchmark (`slider-demo bench --pacing`) measures the others against it.
@_spi(Internals) public enum FramePacing: String, CaseIterable, Sendable {
    /// One frame per wl_surface.frame callback, each drawn as late as still makes the compositor's next
    /// repaint (`FrameDeadline`, learned from wp_presentation feedback; at once while the compositor's refresh
    /// cycle is not running, or without wp_presentation).
    case deadline
    /// One frame per wl_surface.frame callback, drawn as soon as the callback comes.
    case frameCallbacks = "callbacks"
    /// wp_fifo_v1: every frame sets a fifo barrier and waits for the one before, so each is shown for at least
    /// one refresh. Frames are drawn without waiting for callbacks, as fast as buffers come free (four wl_shm
    /// buffers of ours, or the EGL driver's own), so they wait in the compositor's queue instead, and input
    /// reaches the screen several refreshes late (`Benchmarks/pacing.sh`; docs/BENCHMARKS.md).
    case fifo
    /// wp_commit_timing_v1: every frame is stamped to be presented one refresh after the previous frame's
    /// target, and never before now (the refresh from presentation feedback; 60 Hz until one came). Drawn
    /// without waiting for callbacks, as buffers come free.
    case commitTiming = "timed"

    /// This pacing where the compositor offers what it needs, else frame callbacks.
    func available(offersFifo: Bool, offersCommitTiming: Bool) -> FramePacing {
        switch self {
        case .deadline, .frameCallbacks: self
        case .fifo: offersFifo ? .fifo : .frameCallbacks
        case .commitTiming: offersCommitTiming ? .commitTiming : .frameCallbacks
        }
    }
}
