/*
 * A plain host program's window for the C examples: libwayland-client, an xdg_toplevel and an EGL window
 * surface with a GLES2 context, nothing from WaylandSlider. The examples embed sliders into it.
 */
#ifndef HOST_WINDOW_H
#define HOST_WINDOW_H

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <stdbool.h>
#include <wayland-client.h>
#include <wayland-egl.h>

struct host_window {
    /* Another descriptor the loop wakes for when readable (the sliders' accessibility bus), 0 for none. */
    int extra_fd;
    /* Set before host_window_open to receive the seat's pointer and touch events (NULL: none; the pointer is
     * then hidden over the window). */
    const struct wl_pointer_listener *pointer_listener;
    const struct wl_touch_listener *touch_listener;
    void *listener_data;
    /* Set to receive each line of standard input (without its newline); NULL: lines are ignored. */
    void (*on_line)(void *data, const char *line);

    struct wl_display *display;
    struct wl_registry *registry;
    struct wl_compositor *compositor;
    struct xdg_wm_base *wm_base;
    struct wl_seat *seat;
    struct wl_pointer *pointer;
    struct wl_touch *touch;
    struct wl_surface *surface;
    struct xdg_surface *xdg_surface;
    struct xdg_toplevel *toplevel;
    struct wl_egl_window *egl_window;
    EGLDisplay egl_display;
    EGLContext egl_context;
    EGLSurface egl_surface;
    int width, height;
    bool configured, closed;
    struct wl_callback *frame_callback;
    bool frame_pending;
    unsigned long frames;
    char input[1024];
    size_t input_length;
};

/* Connects to WAYLAND_DISPLAY, opens an undecorated toplevel of width x height points, waits for its first
 * configure and makes its GLES2 context current. Returns 0, or -1 after printing why. */
int host_window_open(struct host_window *window, const char *title, int width, int height);

/* Hides the pointer when it entered the window's own surface (a pointer_listener's enter calls this for
 * a host that draws no cursor). */
void host_window_hide_cursor(struct host_window *window, struct wl_pointer *pointer, uint32_t serial, struct wl_surface *surface);

/* Swaps the window's buffer after asking for a frame callback (frame_pending is true until it comes). */
void host_window_swap(struct host_window *window);

/* Commits the window's surface without a new buffer (its subsurfaces' places and order are its state) and
 * waits until the compositor has shown that commit: its frame callback. Only then does the compositor pick
 * the subsurfaces under the pointer (weston picks from the views of its last repaint). Returns -1 when the
 * connection failed. */
int host_window_commit_and_wait_shown(struct host_window *window);

/* Waits up to timeout_ms (-1: without limit) for the display or standard input, reads and dispatches the
 * display's default queue, and passes complete lines of standard input to on_line. Returns 1 when standard
 * input reached its end (the test says stop), 0 otherwise, -1 when the connection failed. Other queues on
 * the display are the caller's to dispatch after. */
int host_window_wait(struct host_window *window, int timeout_ms);

void host_window_close(struct host_window *window);

#endif
