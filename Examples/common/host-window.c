#include "host-window.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <GLES2/gl2.h>

#include "xdg-shell-client-protocol.h"

static void wm_base_ping(void *data, struct xdg_wm_base *wm_base, uint32_t serial) { xdg_wm_base_pong(wm_base, serial); }
static const struct xdg_wm_base_listener wm_base_listener = { .ping = wm_base_ping };

/*
 * A host that takes no pointer events still says what the pointer looks like over its window: nothing (it
 * draws none). Wayland leaves the cursor undefined until the surface under it sets one, and weston 14 keeps
 * the arrow its shell set before the window mapped under the pointer.
 */
static void hiding_enter(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *s, wl_fixed_t x, wl_fixed_t y) {
    host_window_hide_cursor(data, p, serial, s);
}
static void ignore_leave(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *s) {}
static void ignore_motion(void *data, struct wl_pointer *p, uint32_t time, wl_fixed_t x, wl_fixed_t y) {}
static void ignore_button(void *data, struct wl_pointer *p, uint32_t serial, uint32_t time, uint32_t button, uint32_t state) {}
static void ignore_axis(void *data, struct wl_pointer *p, uint32_t time, uint32_t axis, wl_fixed_t value) {}
static void ignore_frame(void *data, struct wl_pointer *p) {}
static void ignore_axis_source(void *data, struct wl_pointer *p, uint32_t source) {}
static void ignore_axis_stop(void *data, struct wl_pointer *p, uint32_t time, uint32_t axis) {}
static void ignore_axis_discrete(void *data, struct wl_pointer *p, uint32_t axis, int32_t discrete) {}
static const struct wl_pointer_listener hiding_pointer_listener = {
    .enter = hiding_enter, .leave = ignore_leave, .motion = ignore_motion, .button = ignore_button, .axis = ignore_axis,
    .frame = ignore_frame, .axis_source = ignore_axis_source, .axis_stop = ignore_axis_stop, .axis_discrete = ignore_axis_discrete,
};

void host_window_hide_cursor(struct host_window *w, struct wl_pointer *pointer, uint32_t serial, struct wl_surface *surface) {
    if (surface == w->surface) wl_pointer_set_cursor(pointer, serial, NULL, 0, 0);
}

static void seat_capabilities(void *data, struct wl_seat *seat, uint32_t capabilities) {
    struct host_window *w = data;
    if ((capabilities & WL_SEAT_CAPABILITY_POINTER) && !w->pointer) {
        w->pointer = wl_seat_get_pointer(seat);
        if (w->pointer_listener) {
            wl_pointer_add_listener(w->pointer, w->pointer_listener, w->listener_data);
        } else {
            wl_pointer_add_listener(w->pointer, &hiding_pointer_listener, w);
        }
    }
    if ((capabilities & WL_SEAT_CAPABILITY_TOUCH) && !w->touch && w->touch_listener) {
        w->touch = wl_seat_get_touch(seat);
        wl_touch_add_listener(w->touch, w->touch_listener, w->listener_data);
    }
}
static void seat_name(void *data, struct wl_seat *seat, const char *name) {}
static const struct wl_seat_listener seat_listener = { .capabilities = seat_capabilities, .name = seat_name };

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    struct host_window *w = data;
    if (strcmp(interface, wl_compositor_interface.name) == 0) {
        w->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
    } else if (strcmp(interface, xdg_wm_base_interface.name) == 0) {
        w->wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
        xdg_wm_base_add_listener(w->wm_base, &wm_base_listener, w);
    } else if (strcmp(interface, wl_seat_interface.name) == 0 && !w->seat) {
        w->seat = wl_registry_bind(registry, name, &wl_seat_interface, version < 5 ? version : 5);
        wl_seat_add_listener(w->seat, &seat_listener, w);
    }
}
static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) {}
static const struct wl_registry_listener registry_listener = { .global = registry_global, .global_remove = registry_global_remove };

static void xdg_surface_configure(void *data, struct xdg_surface *xdg_surface, uint32_t serial) {
    struct host_window *w = data;
    xdg_surface_ack_configure(xdg_surface, serial);
    w->configured = true;
}
static const struct xdg_surface_listener xdg_surface_listener = { .configure = xdg_surface_configure };

static void toplevel_configure(void *data, struct xdg_toplevel *toplevel, int32_t width, int32_t height, struct wl_array *states) {}
static void toplevel_close(void *data, struct xdg_toplevel *toplevel) { ((struct host_window *)data)->closed = true; }
static const struct xdg_toplevel_listener toplevel_listener = { .configure = toplevel_configure, .close = toplevel_close };

static void frame_done(void *data, struct wl_callback *callback, uint32_t time) {
    struct host_window *w = data;
    wl_callback_destroy(callback);
    w->frame_callback = NULL;
    w->frame_pending = false;
}
static const struct wl_callback_listener frame_listener = { .done = frame_done };

static int egl_failed(const char *call) {
    fprintf(stderr, "host: %s failed (EGL error 0x%x)\n", call, eglGetError());
    return -1;
}

int host_window_open(struct host_window *w, const char *title, int width, int height) {
    w->width = width;
    w->height = height;
    w->display = wl_display_connect(NULL);
    if (!w->display) {
        fprintf(stderr, "host: cannot connect to the Wayland display: %s\n", strerror(errno));
        return -1;
    }
    w->registry = wl_display_get_registry(w->display);
    wl_registry_add_listener(w->registry, &registry_listener, w);
    wl_display_roundtrip(w->display);
    if (!w->compositor || !w->wm_base) {
        fprintf(stderr, "host: the compositor offers no wl_compositor 4 or xdg_wm_base\n");
        return -1;
    }
    wl_display_roundtrip(w->display);
    w->surface = wl_compositor_create_surface(w->compositor);
    w->xdg_surface = xdg_wm_base_get_xdg_surface(w->wm_base, w->surface);
    xdg_surface_add_listener(w->xdg_surface, &xdg_surface_listener, w);
    w->toplevel = xdg_surface_get_toplevel(w->xdg_surface);
    xdg_toplevel_add_listener(w->toplevel, &toplevel_listener, w);
    xdg_toplevel_set_title(w->toplevel, title);
    xdg_toplevel_set_app_id(w->toplevel, title);
    wl_surface_commit(w->surface);
    while (!w->configured)
        if (wl_display_dispatch(w->display) < 0) return -1;

    w->egl_display = eglGetPlatformDisplay(EGL_PLATFORM_WAYLAND_KHR, w->display, NULL);
    if (!w->egl_display || !eglInitialize(w->egl_display, NULL, NULL)) return egl_failed("eglInitialize");
    eglBindAPI(EGL_OPENGL_ES_API);
    const EGLint config_attributes[] = { EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_RED_SIZE, 8,
                                         EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE };
    EGLConfig configs[64];
    EGLint count = 0;
    if (!eglChooseConfig(w->egl_display, config_attributes, configs, 64, &count) || count == 0) return egl_failed("eglChooseConfig");
    /* Exactly 8 bits per channel: Mesa lists 10-bit configs first, which weston's pixman renderer shows wrong. */
    EGLConfig config = configs[0];
    for (EGLint i = 0; i < count; i++) {
        EGLint r, a;
        eglGetConfigAttrib(w->egl_display, configs[i], EGL_RED_SIZE, &r);
        eglGetConfigAttrib(w->egl_display, configs[i], EGL_ALPHA_SIZE, &a);
        if (r == 8 && a == 8) {
            config = configs[i];
            break;
        }
    }
    const EGLint context_attributes[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
    w->egl_context = eglCreateContext(w->egl_display, config, EGL_NO_CONTEXT, context_attributes);
    if (!w->egl_context) return egl_failed("eglCreateContext");
    w->egl_window = wl_egl_window_create(w->surface, width, height);
    w->egl_surface = eglCreatePlatformWindowSurface(w->egl_display, config, w->egl_window, NULL);
    if (!w->egl_surface) return egl_failed("eglCreatePlatformWindowSurface");
    if (!eglMakeCurrent(w->egl_display, w->egl_surface, w->egl_surface, w->egl_context)) return egl_failed("eglMakeCurrent");
    eglSwapInterval(w->egl_display, 0);
    return 0;
}

void host_window_swap(struct host_window *w) {
    w->frame_callback = wl_surface_frame(w->surface);
    wl_callback_add_listener(w->frame_callback, &frame_listener, w);
    w->frame_pending = true;
    eglSwapBuffers(w->egl_display, w->egl_surface);
    w->frames++;
}

static void shown_done(void *data, struct wl_callback *callback, uint32_t time) {
    *(bool *)data = true;
    wl_callback_destroy(callback);
}
static const struct wl_callback_listener shown_listener = { .done = shown_done };

int host_window_commit_and_wait_shown(struct host_window *w) {
    bool shown = false;
    wl_callback_add_listener(wl_surface_frame(w->surface), &shown_listener, &shown);
    wl_surface_commit(w->surface);
    while (!shown)
        if (wl_display_dispatch(w->display) < 0) return -1;
    return 0;
}

/* Reads what standard input has, passing each complete line on; 1 at its end. */
static int read_input(struct host_window *w) {
    ssize_t count = read(STDIN_FILENO, w->input + w->input_length, sizeof w->input - 1 - w->input_length);
    if (count <= 0) return 1;
    w->input_length += (size_t)count;
    w->input[w->input_length] = 0;
    char *start = w->input, *end;
    while ((end = strchr(start, '\n'))) {
        *end = 0;
        if (w->on_line) w->on_line(w->listener_data, start);
        start = end + 1;
    }
    w->input_length -= (size_t)(start - w->input);
    memmove(w->input, start, w->input_length);
    /* A line longer than the buffer is dropped. */
    if (w->input_length == sizeof w->input - 1) w->input_length = 0;
    return 0;
}

int host_window_wait(struct host_window *w, int timeout_ms) {
    while (wl_display_prepare_read(w->display) != 0)
        if (wl_display_dispatch_pending(w->display) < 0) return -1;
    wl_display_flush(w->display);
    struct pollfd fds[3] = { { .fd = wl_display_get_fd(w->display), .events = POLLIN },
                             { .fd = STDIN_FILENO, .events = POLLIN },
                             { .fd = w->extra_fd > 0 ? w->extra_fd : -1, .events = POLLIN } };
    int ready = poll(fds, 3, timeout_ms);
    if (ready > 0 && (fds[0].revents & POLLIN)) {
        if (wl_display_read_events(w->display) < 0) return -1;
    } else {
        wl_display_cancel_read(w->display);
    }
    if (wl_display_dispatch_pending(w->display) < 0) return -1;
    if (ready > 0 && (fds[1].revents & (POLLIN | POLLHUP))) return read_input(w);
    return 0;
}

void host_window_close(struct host_window *w) {
    if (w->frame_callback) wl_callback_destroy(w->frame_callback);
    if (w->egl_display) {
        eglMakeCurrent(w->egl_display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        if (w->egl_surface) eglDestroySurface(w->egl_display, w->egl_surface);
        if (w->egl_context) eglDestroyContext(w->egl_display, w->egl_context);
        eglTerminate(w->egl_display);
    }
    if (w->egl_window) wl_egl_window_destroy(w->egl_window);
    if (w->pointer) wl_pointer_destroy(w->pointer);
    if (w->touch) wl_touch_destroy(w->touch);
    if (w->toplevel) xdg_toplevel_destroy(w->toplevel);
    if (w->xdg_surface) xdg_surface_destroy(w->xdg_surface);
    if (w->surface) wl_surface_destroy(w->surface);
    if (w->seat) wl_seat_destroy(w->seat);
    if (w->wm_base) xdg_wm_base_destroy(w->wm_base);
    if (w->compositor) wl_compositor_destroy(w->compositor);
    if (w->registry) wl_registry_destroy(w->registry);
    if (w->display) wl_display_disconnect(w->display);
}
