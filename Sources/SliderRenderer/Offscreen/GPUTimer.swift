import CEGL
import CGLES2

/// The GPU time of GL work, from GL_EXT_disjoint_timer_query (a GL_TIME_ELAPSED_EXT query around it): for
/// benchmarks on real GPUs, where the CPU time of a frame says little about the GPU's. Create it with the
/// context current, and time work in that context. `GPUFrameTimer` times a window's frames without waiting.
///
/// Mesa's llvmpipe offers the extension, but its queries do not time its rasterization, which runs when the
/// commands are flushed: the figures it gives are near zero and mean nothing. Time software rendering on
/// the CPU instead.
@_spi(Internals) public final class GPUTimer {
    private let queries: TimerQueries
    private var query: GLuint = 0

    /// Nil when the current context does not offer GL_EXT_disjoint_timer_query.
    public init?() {
        guard let queries = TimerQueries() else { return nil }
        self.queries = queries
        queries.generate(1, &query)
    }

    deinit { queries.delete(1, &query) }

    /// Runs `work` inside a time-elapsed query and waits for the GPU to finish it. Returns the GPU's
    /// seconds, or nil when the GPU reported a disjoint operation (a clock change or a reset) meanwhile, so
    /// the figure cannot be trusted.
    public func measure(_ work: () throws -> Void) rethrows -> Double? {
        // Only a disjoint operation during the query counts.
        _ = TimerQueries.disjointSinceLastAsked()
        queries.begin(GLenum(GL_TIME_ELAPSED_EXT), query)
        do {
            try work()
        } catch {
            queries.end(GLenum(GL_TIME_ELAPSED_EXT))
            throw error
        }
        queries.end(GLenum(GL_TIME_ELAPSED_EXT))
        var nanoseconds: GLuint64 = 0
        queries.result(query, GLenum(GL_QUERY_RESULT_EXT), &nanoseconds)
        return TimerQueries.disjointSinceLastAsked() ? nil : Double(nanoseconds) / 1e9
    }
}
