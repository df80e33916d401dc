// libweston (libweston-10-dev on Debian 12, libweston-14-dev on Debian 13), for the weston input module the
// tests load. Only the module (C) depends on this target: it brings libweston's and wayland-server's compiler
// and linker flags through pkg-config (Package.swift picks the version the machine has).
#include <libweston/libweston.h>
#include <wayland-server.h>
