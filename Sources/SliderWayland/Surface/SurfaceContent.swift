import SliderCore

/// What a commit puts on a surface: a presenter's frame, or nothing new.
enum SurfaceContent {
    /// No new buffer: only the surface's pending state (a role's first commit, its decorations' state).
    case unchanged
    /// A wl_shm buffer of ours, with the damage it has against the frame shown before it (device pixels).
    case sharedMemoryBuffer(OpaquePointer, damage: PixelRect)
    /// The EGL window surface's back buffer, swapped with `damage` (the swap attaches and commits).
    case eglBackBuffer(EGLWindowSurface, damage: PixelRect)
}
