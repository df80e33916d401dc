// The address of slider_test_input_interface for wl_registry_bind: Swift can only pass C a pointer to a
// copy of an imported constant, and libwayland keeps the pointer (see CWaylandProtocols' interface-addresses.h).
#pragma once
#include "slider-test-input-client-protocol.h"

static inline const struct wl_interface *slider_test_input_interface_address(void) {
    return &slider_test_input_interface;
}
