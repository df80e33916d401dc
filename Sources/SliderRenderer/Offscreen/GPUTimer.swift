import CEGL
import CGLES2

/// The GPU time of GL work, from GL_EXT_disjoint_timer_query (a GL_TIME_ELAPSED_EXT query around it): for
/// benchmarks on real GPUs, where the CPU time of a frame says little about the GPU's. Create it with the
/// context current, and time work in that context.
///
/// Mesa's llvmpipe offers the extension, but its queries do not time its rasterization, which runs when the
/// commands are flushed: the figures it gives are near zero and mean nothing. Time software rendering on
/// the CPU instead.
@_spi(Internals) public final class GPUTimer {
    private let generate: PFNGLGENQUERIESEXTPROC
    private let delete: PFNGLDELETEQUERIESEXTPROC
    private let begin: PFNGLBEGINQUERYEXTPROC
    private let end: PFNGLENDQUERYEXTPROC
    private let result: PFNGLGETQUERYOBJECTUI64VEXTPROC
    private var query: GLuint = 0

    /// Nil when the current context does not offer GL_EXT_disjoint_timer_query.
    public init?() {
        let extensions = glGetString(GLenum(GL_EXTENSIONS)).map { String(cString: $0) } ?? ""
        guard extensions.split(separator: " ").contains("GL_EXT_disjoint_timer_query"),
              let generate = eglGetProcAddress("glGenQueriesEXT"), let delete = eglGetProcAddress("glDeleteQueriesEXT"),
              let begin = eglGetProcAddress("glBeginQueryEXT"), let end = eglGetProcAddress("glEndQueryEXT"),
              let result = eglGetProcAddress("glGetQueryObjectui64vEXT") else { return nil }
        self.generate = unsafeBitCast(generate, to: PFNGLGENQUERIESEXTPROC.self)
        self.delete = unsafeBitCast(delete, to: PFNGLDELETEQUERIESEXTPROC.self)
        self.begin = unsafeBitCast(begin, to: PFNGLBEGINQUERYEXTPROC.self)
        self.end = unsafeBitCast(end, to: PFNGLENDQUERYEXTPROC.self)
        self.result = unsafeBitCast(result, to: PFNGLGETQUERYOBJECTUI64VEXTPROC.self)
        self.generate(1, &query)
    }

    deinit { delete(1, &query) }

    /// Runs `work` inside a time-elapsed query and waits for the GPU to finish it. Returns the GPU's
    /// seconds, or nil when the GPU reported a disjoint operation (a clock change or a reset) meanwhile, so
    /// the figure cannot be trusted.
    public func measure(_ work: () throws -> Void) rethrows -> Double? {
        // Reading the disjoint flag clears it: only a disjoint operation during the query counts.
        var disjoint: GLint = 0
        glGetIntegerv(GLenum(GL_GPU_DISJOINT_EXT), &disjoint)
        begin(GLenum(GL_TIME_ELAPSED_EXT), query)
        do {
            try work()
        } catch {
            end(GLenum(GL_TIME_ELAPSED_EXT))
            throw error
        }
        end(GLenum(GL_TIME_ELAPSED_EXT))
        var nanoseconds: GLuint64 = 0
        result(query, GLenum(GL_QUERY_RESULT_EXT), &nanoseconds)
        glGetIntegerv(GLenum(GL_GPU_DISJOINT_EXT), &disjoint)
        return disjoint == 0 ? Double(nanoseconds) / 1e9 : nil
    }
}
