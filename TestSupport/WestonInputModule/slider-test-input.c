/*
 * A weston module (libweston 10 or 14) for WaylandSlider's tests: a seat named "slider-test" with pointer,
 * keyboard and touch, driven by the test-only slider_test_input protocol (protocol/slider-test-input.xml). The
 * headless backend has no input devices, so without this a client under test would never see a wl_seat event.
 *
 * Built by SwiftPM as the shared object slider-weston-input (an executable target linked as a library, with
 * the protocol tables of slider-test-input-protocol.c, a link to the client target's copy) and loaded with
 * `weston --modules=/path/slider-weston-input` (PrivateCompositors finds it).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <libweston/libweston.h>
#include <libweston/version.h>
#include <wayland-server.h>

#include "generated/slider-test-input-server-protocol.h"

#if WESTON_VERSION_MAJOR != 10 && WESTON_VERSION_MAJOR != 14
#error "slider-test-input is written for libweston 10 (Debian 12) and libweston 14 (Debian 13)"
#endif

/*
 * libweston exports these, but their prototypes live in libweston/backend.h and libweston/libweston-internal.h,
 * which Debian's libweston-10-dev and libweston-14-dev do not ship. They match weston 10.0 and 14.0; where
 * the two differ, the functions after these declarations hide it.
 */
void weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec, const char *seat_name);
void weston_seat_release(struct weston_seat *seat);
int weston_seat_init_pointer(struct weston_seat *seat);
int weston_seat_init_keyboard(struct weston_seat *seat, struct xkb_keymap *keymap);
int weston_seat_init_touch(struct weston_seat *seat);
void weston_seat_release_touch(struct weston_seat *seat);
struct weston_touch_device *weston_touch_create_touch_device(struct weston_touch *touch, const char *syspath,
                                                             void *backend_data,
                                                             const struct weston_touch_device_ops *ops);
void notify_motion(struct weston_seat *seat, const struct timespec *time,
                   struct weston_pointer_motion_event *event);
#if WESTON_VERSION_MAJOR >= 14
void notify_touch_normalized(struct weston_touch_device *device, const struct timespec *time, int touch_id,
                             const struct weston_coord_global *pos, const struct weston_point2d_device_normalized *norm,
                             int touch_type);
const struct pixel_format_info *pixel_format_get_info(uint32_t format);
/* The head of libweston 14's struct weston_renderer (libweston-internal.h): read_pixels is its first member. */
struct renderer_head {
    int (*read_pixels)(struct weston_output *output, const struct pixel_format_info *format, void *pixels, uint32_t x,
                       uint32_t y, uint32_t width, uint32_t height);
};
#define ARGB8888_FOURCC 0x34325241u /* DRM_FORMAT_ARGB8888: 'A' 'R' '2' '4' */
#else
void notify_touch_normalized(struct weston_touch_device *device, const struct timespec *time, int touch_id,
                             double x, double y, const struct weston_point2d_device_normalized *norm,
                             int touch_type);
#endif
void notify_button(struct weston_seat *seat, const struct timespec *time, int32_t button,
                   enum wl_pointer_button_state state);
void notify_axis(struct weston_seat *seat, const struct timespec *time, struct weston_pointer_axis_event *event);
void notify_axis_source(struct weston_seat *seat, uint32_t source);
void notify_pointer_frame(struct weston_seat *seat);
void notify_key(struct weston_seat *seat, const struct timespec *time, uint32_t key,
                enum wl_keyboard_key_state state, enum weston_key_state_update update_state);
void notify_touch_frame(struct weston_touch_device *device);
void notify_touch_cancel(struct weston_touch_device *device);
void weston_touch_device_destroy(struct weston_touch_device *device);

/* Surface-local to global coordinates through one of the surface's views. */
/* Input events are stamped on CLOCK_MONOTONIC, as libinput stamps a real device's (weston_compositor_get_time
 * reads CLOCK_REALTIME in weston 10): clients compare them with wp_presentation times. */
static void event_time(struct timespec *now) {
    clock_gettime(CLOCK_MONOTONIC, now);
}

static void view_to_global(struct weston_view *view, double sx, double sy, double *x, double *y) {
#if WESTON_VERSION_MAJOR >= 14
    struct weston_coord_global global = weston_coord_surface_to_global(view, weston_coord_surface(sx, sy, view->surface));
    *x = global.c.x;
    *y = global.c.y;
#else
    float gx, gy;
    weston_view_to_global_float(view, (float)sx, (float)sy, &gx, &gy);
    *x = gx;
    *y = gy;
#endif
}

/* The output's top-left corner in global coordinates. */
static void output_origin(const struct weston_output *output, int32_t *x, int32_t *y) {
#if WESTON_VERSION_MAJOR >= 14
    *x = (int32_t)output->pos.c.x;
    *y = (int32_t)output->pos.c.y;
#else
    *x = output->x;
    *y = output->y;
#endif
}

/* Reads output pixels (ARGB8888, the output's buffer coordinates) through the renderer; < 0 on failure. */
static int read_output_pixels(struct weston_compositor *compositor, struct weston_output *output, void *pixels,
                              int32_t x, int32_t y, int32_t width, int32_t height) {
#if WESTON_VERSION_MAJOR >= 14
    const struct renderer_head *renderer = (const struct renderer_head *)compositor->renderer;
    return renderer->read_pixels(output, pixel_format_get_info(ARGB8888_FOURCC), pixels, (uint32_t)x, (uint32_t)y,
                                 (uint32_t)width, (uint32_t)height);
#else
    return compositor->renderer->read_pixels(output, PIXMAN_a8r8g8b8, pixels, (uint32_t)x, (uint32_t)y,
                                             (uint32_t)width, (uint32_t)height);
#endif
}

struct test_input {
    struct weston_compositor *compositor;
    struct weston_seat seat;
    struct weston_touch_device *touch_device;
    struct wl_global *global;
    struct wl_listener destroy_listener;
};

/*
 * The view that shows the surface: a mapped one on an output. A surface can have more than one view (the
 * desktop shell makes another when a window goes fullscreen or is decorated with subsurfaces by libdecor),
 * and the newest, first in the list, need not be the one shown.
 */
static struct weston_view *first_view(struct wl_resource *surface_resource) {
    struct weston_surface *surface = wl_resource_get_user_data(surface_resource);
    struct weston_view *view, *fallback = NULL;
    if (!surface) return NULL;
    wl_list_for_each(view, &surface->views, surface_link) {
        if (weston_view_is_mapped(view) && view->output) return view;
        if (!fallback) fallback = view;
    }
    return fallback;
}

/* Surface-local to global coordinates; false when the surface is not shown anywhere. */
static bool to_global(struct wl_resource *surface, wl_fixed_t sx, wl_fixed_t sy, double *x, double *y) {
    struct weston_view *view = first_view(surface);
    if (!view) return false;
    view_to_global(view, wl_fixed_to_double(sx), wl_fixed_to_double(sy), x, y);
    return true;
}

static struct test_input *input_of(struct wl_resource *resource) { return wl_resource_get_user_data(resource); }

/* Absolute motion to global x, y, then a frame. */
static void move_pointer_to(struct test_input *input, double x, double y) {
#if WESTON_VERSION_MAJOR >= 14
    struct weston_pointer_motion_event event = { .mask = WESTON_POINTER_MOTION_ABS, .abs = { .c = weston_coord(x, y) } };
#else
    struct weston_pointer_motion_event event = { .mask = WESTON_POINTER_MOTION_ABS, .x = x, .y = y };
#endif
    struct timespec now;
    event_time(&now);
    event.time = now;
    notify_motion(&input->seat, &now, &event);
    notify_pointer_frame(&input->seat);
}

static void pointer_move(struct wl_client *client, struct wl_resource *resource, struct wl_resource *surface,
                         wl_fixed_t x, wl_fixed_t y) {
    double gx, gy;
    if (!to_global(surface, x, y, &gx, &gy)) {
        slider_test_input_send_failed(resource, "pointer_move: the surface has no view");
        return;
    }
    move_pointer_to(input_of(resource), gx, gy);
}

static void pointer_move_global(struct wl_client *client, struct wl_resource *resource, wl_fixed_t x, wl_fixed_t y) {
    move_pointer_to(input_of(resource), wl_fixed_to_double(x), wl_fixed_to_double(y));
}

static void pointer_button(struct wl_client *client, struct wl_resource *resource, uint32_t button,
                           uint32_t pressed) {
    struct test_input *input = input_of(resource);
    struct timespec now;
    event_time(&now);
    notify_button(&input->seat, &now, (int32_t)button,
                  pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
    notify_pointer_frame(&input->seat);
}

static void pointer_axis(struct wl_client *client, struct wl_resource *resource, uint32_t axis, wl_fixed_t value,
                         int32_t discrete) {
    struct test_input *input = input_of(resource);
    struct weston_pointer_axis_event event = {
        .axis = axis,
        .value = wl_fixed_to_double(value),
        .has_discrete = discrete != 0,
        .discrete = discrete,
    };
    struct timespec now;
    event_time(&now);
    notify_axis_source(&input->seat, WL_POINTER_AXIS_SOURCE_WHEEL);
    notify_axis(&input->seat, &now, &event);
    notify_pointer_frame(&input->seat);
}

/* A touch point down, up or moving at global x, y. */
static void touch_at(struct test_input *input, struct wl_resource *resource, int32_t id, uint32_t type, double x, double y) {
    struct timespec now;
    if (!input->touch_device) {
        slider_test_input_send_failed(resource, "touch: the seat has no touch now");
        return;
    }
    event_time(&now);
    /* The protocol's touch_type values are weston's WL_TOUCH_DOWN / UP / MOTION. */
#if WESTON_VERSION_MAJOR >= 14
    /* weston 14 asserts that an up has no position and every other event has one. */
    struct weston_coord_global position = { .c = weston_coord(x, y) };
    notify_touch_normalized(input->touch_device, &now, id, type == SLIDER_TEST_INPUT_TOUCH_TYPE_UP ? NULL : &position,
                            NULL, (int)type);
#else
    notify_touch_normalized(input->touch_device, &now, id, x, y, NULL, (int)type);
#endif
}

static void touch(struct wl_client *client, struct wl_resource *resource, struct wl_resource *surface, int32_t id,
                  uint32_t type, wl_fixed_t x, wl_fixed_t y) {
    double gx = 0, gy = 0;
    if (type != SLIDER_TEST_INPUT_TOUCH_TYPE_UP && !to_global(surface, x, y, &gx, &gy)) {
        slider_test_input_send_failed(resource, "touch: the surface has no view");
        return;
    }
    touch_at(input_of(resource), resource, id, type, gx, gy);
}

static void touch_global(struct wl_client *client, struct wl_resource *resource, int32_t id, uint32_t type, wl_fixed_t x,
                         wl_fixed_t y) {
    touch_at(input_of(resource), resource, id, type, wl_fixed_to_double(x), wl_fixed_to_double(y));
}

static void touch_frame(struct wl_client *client, struct wl_resource *resource) {
    if (input_of(resource)->touch_device) notify_touch_frame(input_of(resource)->touch_device);
}

/*
 * weston 10's default touch grab ignores notify_touch_cancel: it never sends wl_touch.cancel. A compositor
 * that takes the touch away (a shell gesture, a system dialog) does send it, so this request does what
 * such a compositor does: wl_touch.cancel to the focused client, then forget every point and the focus.
 */
static void touch_cancel(struct wl_client *client, struct wl_resource *resource) {
    struct weston_touch *touch = input_of(resource)->seat.touch_state;
    struct wl_resource *focus;
    if (!touch || !input_of(resource)->touch_device) return;
    wl_resource_for_each(focus, &touch->focus_resource_list) wl_touch_send_cancel(focus);
    notify_touch_cancel(input_of(resource)->touch_device);
    touch->num_tp = 0;
    weston_touch_set_focus(touch, NULL);
}

static void set_touch(struct wl_client *client, struct wl_resource *resource, uint32_t present) {
    struct test_input *input = input_of(resource);
    if (!present && input->touch_device) {
        weston_touch_device_destroy(input->touch_device);
        input->touch_device = NULL;
        weston_seat_release_touch(&input->seat);
    } else if (present && !input->touch_device) {
        if (weston_seat_init_touch(&input->seat) < 0) {
            slider_test_input_send_failed(resource, "set_touch: could not give the seat touch again");
            return;
        }
        input->touch_device =
            weston_touch_create_touch_device(input->seat.touch_state, "/dev/input/slider-test-touch", NULL, NULL);
    }
}

static void key(struct wl_client *client, struct wl_resource *resource, uint32_t key, uint32_t pressed) {
    struct test_input *input = input_of(resource);
    struct timespec now;
    event_time(&now);
    notify_key(&input->seat, &now, key, pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED,
               STATE_UPDATE_AUTOMATIC);
}

/*
 * A read-back waiting for the output's next repaint: what weston last painted may predate requests it has
 * already handled (a cursor hidden, a buffer committed), so the pixels are read after a repaint that
 * includes them. One at a time per client resource; the client waits for captured or failed.
 */
struct pending_capture {
    struct test_input *input;
    struct wl_resource *resource;
    struct weston_output *output;
    int32_t x, y, width, height, fd;
    struct wl_listener frame_listener;
    struct wl_listener resource_destroy_listener;
};

static void finish_capture(struct pending_capture *capture) {
    wl_list_remove(&capture->frame_listener.link);
    wl_list_remove(&capture->resource_destroy_listener.link);
    if (capture->fd >= 0) close(capture->fd);
    free(capture);
}

static void capture_resource_destroyed(struct wl_listener *listener, void *data) {
    struct pending_capture *capture = wl_container_of(listener, capture, resource_destroy_listener);
    finish_capture(capture);
}

/* Reverses the order of the rows of a width x height ARGB8888 image in place. */
static void flip_rows(uint8_t *pixels, int32_t width, int32_t height) {
    size_t stride = (size_t)width * 4;
    for (int32_t top = 0, bottom = height - 1; top < bottom; top++, bottom--) {
        uint8_t *a = pixels + (size_t)top * stride, *b = pixels + (size_t)bottom * stride;
        for (size_t i = 0; i < stride; i++) {
            uint8_t t = a[i];
            a[i] = b[i];
            b[i] = t;
        }
    }
}

static void capture_after_frame(struct wl_listener *listener, void *data) {
    struct pending_capture *capture = wl_container_of(listener, capture, frame_listener);
    /* weston 10's GL renderer reads bottom-up, from the output's bottom edge (WESTON_CAP_CAPTURE_YFLIP): the area
     * is read there and turned. weston 14's turns it itself, top-down from the top edge, though it still sets the
     * capability. */
    bool flips = WESTON_VERSION_MAJOR < 14 && (capture->input->compositor->capabilities & WESTON_CAP_CAPTURE_YFLIP) != 0;
    size_t size = (size_t)capture->width * (size_t)capture->height * 4;
    void *pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, capture->fd, 0);
    if (pixels == MAP_FAILED) {
        slider_test_input_send_failed(capture->resource, strerror(errno));
    } else if (read_output_pixels(capture->input->compositor, capture->output, pixels, capture->x,
                                  flips ? capture->output->current_mode->height - capture->y - capture->height : capture->y,
                                  capture->width, capture->height) < 0) {
        slider_test_input_send_failed(capture->resource, "capture: the renderer could not read the output");
    } else {
        if (flips) flip_rows(pixels, capture->width, capture->height);
        slider_test_input_send_captured(capture->resource, (uint32_t)capture->width, (uint32_t)capture->height);
    }
    if (pixels != MAP_FAILED) munmap(pixels, size);
    finish_capture(capture);
}

/* Reads what `output` shows in the global rectangle (points) into the file fd names, after the output's next
 * repaint. */
static void capture_on_output(struct test_input *input, struct wl_resource *resource, struct weston_output *output,
                              int32_t global_x, int32_t global_y, int32_t global_width, int32_t global_height, int32_t fd) {
    struct pending_capture *capture;
    int32_t scale = output->current_scale, origin_x, origin_y;
    output_origin(output, &origin_x, &origin_y);
    int32_t x = (global_x - origin_x) * scale;
    int32_t y = (global_y - origin_y) * scale;
    int32_t width = global_width * scale;
    int32_t height = global_height * scale;
    if (x < 0 || y < 0 || width <= 0 || height <= 0 || x + width > output->current_mode->width ||
        y + height > output->current_mode->height) {
        slider_test_input_send_failed(resource, "capture: the area is not entirely on the surface's output");
        close(fd);
        return;
    }
    capture = calloc(1, sizeof *capture);
    if (!capture) {
        close(fd);
        wl_resource_post_no_memory(resource);
        return;
    }
    *capture = (struct pending_capture){ .input = input, .resource = resource, .output = output,
                                         .x = x, .y = y, .width = width, .height = height, .fd = fd };
    capture->frame_listener.notify = capture_after_frame;
    wl_signal_add(&output->frame_signal, &capture->frame_listener);
    capture->resource_destroy_listener.notify = capture_resource_destroyed;
    wl_resource_add_destroy_listener(resource, &capture->resource_destroy_listener);
    /* Damage everything so the repaint happens (and paints what changed) even where nothing is damaged. */
    weston_compositor_damage_all(input->compositor);
}

/* Reads what the output shows in the surface-local rectangle (points). */
static void capture_rect(struct test_input *input, struct wl_resource *resource, struct wl_resource *surface_resource,
                         int32_t local_x, int32_t local_y, int32_t local_width, int32_t local_height, int32_t fd) {
    struct weston_view *view = first_view(surface_resource);
    double gx, gy;
    if (!view || !view->output) {
        slider_test_input_send_failed(resource, "capture: the surface has no view on an output");
        close(fd);
        return;
    }
    view_to_global(view, local_x, local_y, &gx, &gy);
    capture_on_output(input, resource, view->output, (int32_t)gx, (int32_t)gy, local_width, local_height, fd);
}

static void capture_global(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y, int32_t width,
                           int32_t height, int32_t fd) {
    struct test_input *input = input_of(resource);
    struct weston_output *output;
    wl_list_for_each(output, &input->compositor->output_list, link) {
        if (pixman_region32_contains_point(&output->region, x, y, NULL)) {
            capture_on_output(input, resource, output, x, y, width, height, fd);
            return;
        }
    }
    slider_test_input_send_failed(resource, "capture_global: no output shows that point");
    close(fd);
}

static void capture(struct wl_client *client, struct wl_resource *resource, struct wl_resource *surface_resource,
                    int32_t fd) {
    struct weston_surface *surface = wl_resource_get_user_data(surface_resource);
    capture_rect(input_of(resource), resource, surface_resource, 0, 0, surface->width, surface->height, fd);
}

static void capture_area(struct wl_client *client, struct wl_resource *resource, struct wl_resource *surface_resource,
                         int32_t x, int32_t y, int32_t width, int32_t height, int32_t fd) {
    capture_rect(input_of(resource), resource, surface_resource, x, y, width, height, fd);
}

static const struct slider_test_input_interface test_input_implementation = {
    .pointer_move = pointer_move,
    .pointer_button = pointer_button,
    .pointer_axis = pointer_axis,
    .touch = touch,
    .touch_frame = touch_frame,
    .touch_cancel = touch_cancel,
    .key = key,
    .set_touch = set_touch,
    .capture = capture,
    .capture_area = capture_area,
    .pointer_move_global = pointer_move_global,
    .touch_global = touch_global,
    .capture_global = capture_global,
};

static void bind_test_input(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *resource = wl_resource_create(client, &slider_test_input_interface, (int)version, id);
    if (!resource) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(resource, &test_input_implementation, data, NULL);
}

static void compositor_destroyed(struct wl_listener *listener, void *data) {
    struct test_input *input = wl_container_of(listener, input, destroy_listener);
    wl_list_remove(&input->destroy_listener.link);
    wl_global_destroy(input->global);
    /* A seat's touch state asserts that no device is left on it when released. */
    if (input->touch_device) weston_touch_device_destroy(input->touch_device);
    weston_seat_release(&input->seat);
    free(input);
}

/* The module's entry point, which weston calls when it loads it (`weston --modules=/path/slider-weston-input`);
 * nothing else is exported. */
int wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[]);

WL_EXPORT int wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[]) {
    struct test_input *input = calloc(1, sizeof *input);
    if (!input) return -1;
    input->compositor = compositor;
    weston_seat_init(&input->seat, compositor, "slider-test");
    if (weston_seat_init_pointer(&input->seat) < 0 || weston_seat_init_keyboard(&input->seat, NULL) < 0 ||
        weston_seat_init_touch(&input->seat) < 0) {
        weston_log("slider-test-input: could not give the seat pointer, keyboard and touch\n");
        weston_seat_release(&input->seat);
        free(input);
        return -1;
    }
    input->touch_device =
        weston_touch_create_touch_device(input->seat.touch_state, "/dev/input/slider-test-touch", NULL, NULL);
    input->global = wl_global_create(compositor->wl_display, &slider_test_input_interface, 3, input, bind_test_input);
    if (!input->touch_device || !input->global) {
        weston_log("slider-test-input: could not create the touch device or the global\n");
        if (input->global) wl_global_destroy(input->global);
        if (input->touch_device) weston_touch_device_destroy(input->touch_device);
        weston_seat_release(&input->seat);
        free(input);
        return -1;
    }
    input->destroy_listener.notify = compositor_destroyed;
    wl_signal_add(&compositor->destroy_signal, &input->destroy_listener);
    /* The headless backend presents on CLOCK_MONOTONIC_RAW; a compositor nested in it that passes the times on
     * unconverted under its own CLOCK_MONOTONIC (KWin 6.3) needs weston on that clock, as its DRM backend is.
     * Set before any client binds wp_presentation (modules load before clients connect). */
    const char *clock = getenv("SLIDER_TEST_INPUT_PRESENTATION_CLOCK");
    if (clock && strcmp(clock, "monotonic") == 0) {
        compositor->presentation_clock = CLOCK_MONOTONIC;
        weston_log("slider-test-input: presentation clock CLOCK_MONOTONIC\n");
    }
    weston_log("slider-test-input: seat \"slider-test\" with pointer, keyboard and touch\n");
    return 0;
}
