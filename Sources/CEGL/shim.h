// EGL for the renderer's offscreen target and context checks; eglext.h adds EGL_PLATFORM_SURFACELESS_MESA.
#include <EGL/egl.h>
#include <EGL/eglext.h>
