// libwayland-client: the display connection, the core protocol (wl_compositor, wl_surface, wl_seat, ...).
#include <wayland-client.h>
