import CEGL

/// The EGL display, surfaces and context current on this thread. An embedded surface saves the host's before
/// it makes its own current and puts it back after, so the host's GL calls keep going to the host's context.
package struct EGLBinding {
    private let display: EGLDisplay?
    private let draw: EGLSurface?
    private let read: EGLSurface?
    private let context: EGLContext?

    /// What is current now.
    package static func current() -> EGLBinding {
        EGLBinding(display: eglGetCurrentDisplay(), draw: eglGetCurrentSurface(EGL_DRAW), read: eglGetCurrentSurface(EGL_READ),
                   context: eglGetCurrentContext())
    }

    /// Makes the saved binding current again; when nothing was current, ours is left current.
    package func restore() {
        guard let display, let context else { return }
        eglMakeCurrent(display, draw, read, context)
    }
}
