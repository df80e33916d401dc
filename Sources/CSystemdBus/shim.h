// sd-bus (libsystemd): the D-Bus library of the AT-SPI bridge.
#include <systemd/sd-bus.h>
