import CEGL
import CGLES2

/// The entry points of GL_EXT_disjoint_timer_query in the current context, which `GPUTimer` and
/// `GPUFrameTimer` time GL work with.
struct TimerQueries {
    let generate: PFNGLGENQUERIESEXTPROC
    let delete: PFNGLDELETEQUERIESEXTPROC
    let begin: PFNGLBEGINQUERYEXTPROC
    let end: PFNGLENDQUERYEXTPROC
    let result: PFNGLGETQUERYOBJECTUI64VEXTPROC

    /// Nil when the current context does not offer the extension.
    init?() {
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
    }

    /// True when the GPU reported a disjoint operation (a clock change, a reset) since the last call:
    /// timings that overlap it cannot be trusted. Reading the flag clears it.
    static func disjointSinceLastAsked() -> Bool {
        var disjoint: GLint = 0
        glGetIntegerv(GLenum(GL_GPU_DISJOINT_EXT), &disjoint)
        return disjoint != 0
    }
}
