// libwayland-egl: wl_egl_window, the native window an EGL window surface is created on.
#include <wayland-egl.h>
