// libdecor 0.1 (Debian's libdecor-0-dev): client-side window decorations where the compositor draws none,
// drawn by its plugin (libdecor-0-plugin-1-cairo) on subsurfaces of the window's surface.
#include <libdecor.h>
