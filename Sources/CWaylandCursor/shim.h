// libwayland-cursor: the themed pointer images (shm buffers) a client attaches to its cursor surface.
#include <wayland-cursor.h>
