import CEGL
import CGLES2

/// The GPU time of each frame a window draws, without waiting for the GPU: a GL_TIME_ELAPSED_EXT query
/// (GL_EXT_disjoint_timer_query) around each frame's drawing, read a frame or more later once the GPU has
/// finished it. For benchmarks (the frame statistics of TestSupport/FrameTiming). Create it, and time frames, with the
/// context that draws them current; its queries are deleted with it when that context is current, else with
/// the context.
@_spi(Internals) public final class GPUFrameTimer {
    /// Queries in flight at most; a frame begun while this many are unanswered is not timed.
    public static let maximumPending = 64

    private let queries: TimerQueries
    private let context: EGLContext?
    private var idle: [GLuint] = []
    /// Ended queries, oldest first, and the one running.
    private var pending: [GLuint] = []
    private var running: GLuint?

    /// Nil when the current context offers no timer queries, or rasterizes in software (Mesa's llvmpipe
    /// offers them, but they end before its rasterization runs: `GPUTimer`) unless `includingSoftware`.
    public init?(includingSoftware: Bool = false) {
        guard let queries = TimerQueries(), includingSoftware || !GLDriver.isSoftware else { return nil }
        self.queries = queries
        context = eglGetCurrentContext()
    }

    deinit {
        guard eglGetCurrentContext() == context else { return }
        let all = idle + pending + (running.map { [$0] } ?? [])
        if !all.isEmpty { queries.delete(GLsizei(all.count), all) }
    }

    /// Starts timing a frame's GL commands.
    public func begin() {
        guard running == nil, pending.count < Self.maximumPending else { return }
        var query: GLuint = 0
        if let reused = idle.popLast() { query = reused } else { queries.generate(1, &query) }
        queries.begin(GLenum(GL_TIME_ELAPSED_EXT), query)
        running = query
    }

    /// Ends the frame `begin` started.
    public func end() {
        guard let query = running else { return }
        queries.end(GLenum(GL_TIME_ELAPSED_EXT))
        pending.append(query)
        running = nil
    }

    /// The GPU seconds of the frames the GPU has finished since the last call, oldest first, without
    /// waiting; those that overlapped a disjoint operation (a clock change, a reset) are left out.
    public func collect() -> [Double] {
        let disjoint = TimerQueries.disjointSinceLastAsked()
        var finished: [Double] = []
        while let query = pending.first {
            var available: GLuint64 = 0
            queries.result(query, GLenum(GL_QUERY_RESULT_AVAILABLE_EXT), &available)
            guard available != 0 else { break }
            var nanoseconds: GLuint64 = 0
            queries.result(query, GLenum(GL_QUERY_RESULT_EXT), &nanoseconds)
            pending.removeFirst()
            idle.append(query)
            if !disjoint { finished.append(Double(nanoseconds) / 1e9) }
        }
        return finished
    }
}
