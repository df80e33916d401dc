// libwayland-server: the test compositor that holds buffers (Sources/CBufferHoldingCompositor) is built on it.
#include <wayland-server.h>
