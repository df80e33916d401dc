// libsystemd: sd-bus, the D-Bus library of the AT-SPI bridge and of the haptics' feedbackd calls; sd-device,
// udev's device database, where the haptics find the vibration motor.
#include <systemd/sd-bus.h>
#include <systemd/sd-device.h>
