// The addresses of the wl_interface descriptions this client binds from the registry.
//
// Swift imports these `extern const struct wl_interface` globals as constants and can only hand C a
// pointer to a temporary copy of one; libwayland keeps the pointer in every proxy it creates, so it must be
// the global's own address. These functions return it.
#pragma once
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"
#include "xdg-decoration-unstable-v1-client-protocol.h"
#include "viewporter-client-protocol.h"
#include "fractional-scale-v1-client-protocol.h"
#include "presentation-time-client-protocol.h"
#include "cursor-shape-v1-client-protocol.h"
#include "xdg-toplevel-icon-v1-client-protocol.h"
#include "fifo-v1-client-protocol.h"
#include "commit-timing-v1-client-protocol.h"
#include "input-timestamps-unstable-v1-client-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"
#include "ext-idle-notify-v1-client-protocol.h"

static inline const struct wl_interface *slider_wl_compositor_interface(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *slider_wl_seat_interface(void) { return &wl_seat_interface; }
static inline const struct wl_interface *slider_wl_output_interface(void) { return &wl_output_interface; }
static inline const struct wl_interface *slider_wl_shm_interface(void) { return &wl_shm_interface; }
static inline const struct wl_interface *slider_wl_subcompositor_interface(void) { return &wl_subcompositor_interface; }
static inline const struct wl_interface *slider_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }
static inline const struct wl_interface *slider_zxdg_decoration_manager_v1_interface(void) {
    return &zxdg_decoration_manager_v1_interface;
}
static inline const struct wl_interface *slider_wp_viewporter_interface(void) { return &wp_viewporter_interface; }
static inline const struct wl_interface *slider_wp_fractional_scale_manager_v1_interface(void) {
    return &wp_fractional_scale_manager_v1_interface;
}
static inline const struct wl_interface *slider_wp_presentation_interface(void) { return &wp_presentation_interface; }
static inline const struct wl_interface *slider_wp_cursor_shape_manager_v1_interface(void) {
    return &wp_cursor_shape_manager_v1_interface;
}
static inline const struct wl_interface *slider_xdg_toplevel_icon_manager_v1_interface(void) {
    return &xdg_toplevel_icon_manager_v1_interface;
}
static inline const struct wl_interface *slider_wp_fifo_manager_v1_interface(void) { return &wp_fifo_manager_v1_interface; }
static inline const struct wl_interface *slider_wp_commit_timing_manager_v1_interface(void) {
    return &wp_commit_timing_manager_v1_interface;
}
static inline const struct wl_interface *slider_zwlr_layer_shell_v1_interface(void) { return &zwlr_layer_shell_v1_interface; }
static inline const struct wl_interface *slider_zwp_input_timestamps_manager_v1_interface(void) {
    return &zwp_input_timestamps_manager_v1_interface;
}
static inline const struct wl_interface *slider_ext_idle_notifier_v1_interface(void) { return &ext_idle_notifier_v1_interface; }
