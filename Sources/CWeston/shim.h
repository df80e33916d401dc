// libweston 10 (Debian's libweston-10-dev), for the weston input module the tests load. Only the module
// (C) depends on this target: it brings libweston's and wayland-server's compiler and linker flags.
#include <libweston/libweston.h>
#include <wayland-server.h>
