// The addresses of the input-injection managers' interfaces for
// wl_registry_bind: Swift can only pass C a pointer to a copy of an imported constant, and libwayland keeps
// the pointer (see CWaylandProtocols' interface-addresses.h).
#pragma once
#include "slider-test-input-client-protocol.h"
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"
#include "virtual-keyboard-unstable-v1-client-protocol.h"
#include "fake-input-client-protocol.h"

static inline const struct wl_interface *slider_test_input_interface_address(void) {
    return &slider_test_input_interface;
}

static inline const struct wl_interface *slider_zwlr_virtual_pointer_manager_v1_interface_address(void) {
    return &zwlr_virtual_pointer_manager_v1_interface;
}

static inline const struct wl_interface *slider_zwp_virtual_keyboard_manager_v1_interface_address(void) {
    return &zwp_virtual_keyboard_manager_v1_interface;
}

static inline const struct wl_interface *slider_org_kde_kwin_fake_input_interface_address(void) {
    return &org_kde_kwin_fake_input_interface;
}
