import CGLES2

/// The GL driver of the current context.
@_spi(Internals) public enum GLDriver {
    /// GL_RENDERER of the current context; empty without one.
    public static var rendererName: String { glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "" }

    /// True when the current context rasterizes on the CPU (Mesa's llvmpipe, softpipe or swrast): a GPU may
    /// be there, but it is not used.
    public static var isSoftware: Bool {
        let name = rendererName
        return ["llvmpipe", "softpipe", "swrast"].contains(where: { name.contains($0) })
    }
}
