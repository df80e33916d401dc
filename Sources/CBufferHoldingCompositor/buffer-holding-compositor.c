#define _GNU_SOURCE
#include "buffer-holding-compositor.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <wayland-server.h>

#include "../generated/xdg-shell-server-protocol.h"

/* A committed buffer the compositor keeps until the test releases it. */
struct held_buffer {
    struct wl_list link;
    struct slider_holding_compositor *compositor;
    struct wl_resource *buffer;
    struct wl_listener destroyed;
};

struct surface {
    struct slider_holding_compositor *compositor;
    struct wl_resource *resource;
    struct wl_resource *pending_buffer;
    struct wl_listener pending_buffer_destroyed;
    struct wl_list pending_frames; /* wl_callback resources */
};

struct slider_holding_compositor {
    struct wl_display *display;
    struct wl_event_loop *loop;
    pthread_t thread;
    /* Written by the test's thread to wake the loop: 'r' releases the oldest buffer, 'q' quits. */
    int wake[2];
    struct wl_list held; /* struct held_buffer, oldest first: the loop's thread only */
    uint32_t serial;
    pthread_mutex_t lock;
    /* Under lock: */
    int held_count, buffer_commits;
    uint8_t *frame;
    int32_t frame_width, frame_height;
    bool running;
};

/* MARK: Held buffers (the loop's thread) */

static void publish_counts(struct slider_holding_compositor *c, int new_commits);

/* The client destroyed a buffer the compositor held (it remade its buffers at a new size). */
static void held_buffer_destroyed(struct wl_listener *listener, void *data) {
    struct held_buffer *held = wl_container_of(listener, held, destroyed);
    struct slider_holding_compositor *c = held->compositor;
    wl_list_remove(&held->link);
    wl_list_remove(&held->destroyed.link);
    free(held);
    publish_counts(c, 0);
}

static void hold(struct slider_holding_compositor *c, struct wl_resource *buffer) {
    struct held_buffer *held;
    wl_list_for_each(held, &c->held, link) {
        if (held->buffer == buffer) return; /* committed again while held */
    }
    held = calloc(1, sizeof *held);
    if (!held) return;
    held->compositor = c;
    held->buffer = buffer;
    held->destroyed.notify = held_buffer_destroyed;
    wl_resource_add_destroy_listener(buffer, &held->destroyed);
    wl_list_insert(c->held.prev, &held->link);
}

static void release_oldest(struct slider_holding_compositor *c) {
    if (wl_list_empty(&c->held)) return;
    struct held_buffer *held = wl_container_of(c->held.next, held, link);
    wl_buffer_send_release(held->buffer);
    wl_list_remove(&held->link);
    wl_list_remove(&held->destroyed.link);
    free(held);
}

/* Keeps a copy of the buffer's pixels as the last frame. */
static void copy_frame(struct slider_holding_compositor *c, struct wl_resource *buffer) {
    struct wl_shm_buffer *shm = wl_shm_buffer_get(buffer);
    if (!shm) return;
    int32_t width = wl_shm_buffer_get_width(shm), height = wl_shm_buffer_get_height(shm), stride = wl_shm_buffer_get_stride(shm);
    uint8_t *copy = malloc((size_t)width * height * 4);
    if (!copy) return;
    wl_shm_buffer_begin_access(shm);
    const uint8_t *data = wl_shm_buffer_get_data(shm);
    for (int32_t y = 0; y < height; y++) memcpy(copy + (size_t)y * width * 4, data + (size_t)y * stride, (size_t)width * 4);
    wl_shm_buffer_end_access(shm);
    pthread_mutex_lock(&c->lock);
    free(c->frame);
    c->frame = copy;
    c->frame_width = width;
    c->frame_height = height;
    pthread_mutex_unlock(&c->lock);
}

static void publish_counts(struct slider_holding_compositor *c, int new_commits) {
    pthread_mutex_lock(&c->lock);
    c->held_count = wl_list_length(&c->held);
    c->buffer_commits += new_commits;
    pthread_mutex_unlock(&c->lock);
}

/* MARK: wl_surface */

static void pending_buffer_destroyed(struct wl_listener *listener, void *data) {
    struct surface *s = wl_container_of(listener, s, pending_buffer_destroyed);
    s->pending_buffer = NULL;
    wl_list_remove(&s->pending_buffer_destroyed.link);
    wl_list_init(&s->pending_buffer_destroyed.link);
}

static void surface_destroy(struct wl_client *client, struct wl_resource *resource) { wl_resource_destroy(resource); }

static void surface_attach(struct wl_client *client, struct wl_resource *resource, struct wl_resource *buffer, int32_t x, int32_t y) {
    struct surface *s = wl_resource_get_user_data(resource);
    wl_list_remove(&s->pending_buffer_destroyed.link);
    wl_list_init(&s->pending_buffer_destroyed.link);
    s->pending_buffer = buffer;
    if (buffer) wl_resource_add_destroy_listener(buffer, &s->pending_buffer_destroyed);
}

static void surface_damage(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y, int32_t w, int32_t h) {}

/* A frame callback leaves its surface's list when it goes (libwayland-server leaves the link to us). */
static void frame_callback_destroyed(struct wl_resource *callback) { wl_list_remove(wl_resource_get_link(callback)); }

static void surface_frame(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct surface *s = wl_resource_get_user_data(resource);
    struct wl_resource *callback = wl_resource_create(client, &wl_callback_interface, 1, id);
    if (!callback) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(callback, NULL, NULL, frame_callback_destroyed);
    wl_list_insert(s->pending_frames.prev, wl_resource_get_link(callback));
}

static void surface_set_region(struct wl_client *client, struct wl_resource *resource, struct wl_resource *region) {}

static void surface_commit(struct wl_client *client, struct wl_resource *resource) {
    struct surface *s = wl_resource_get_user_data(resource);
    int commits = 0;
    if (s->pending_buffer) {
        hold(s->compositor, s->pending_buffer);
        copy_frame(s->compositor, s->pending_buffer);
        wl_list_remove(&s->pending_buffer_destroyed.link);
        wl_list_init(&s->pending_buffer_destroyed.link);
        s->pending_buffer = NULL;
        commits = 1;
    }
    /* Shown at once: every frame callback of this commit is done. */
    struct wl_resource *callback, *next;
    wl_resource_for_each_safe(callback, next, &s->pending_frames) {
        wl_callback_send_done(callback, 0);
        wl_resource_destroy(callback);
    }
    publish_counts(s->compositor, commits);
}

static void surface_set_buffer_transform(struct wl_client *client, struct wl_resource *resource, int32_t transform) {}
static void surface_set_buffer_scale(struct wl_client *client, struct wl_resource *resource, int32_t scale) {}
static void surface_offset(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y) {}

static const struct wl_surface_interface surface_implementation = {
    .destroy = surface_destroy, .attach = surface_attach, .damage = surface_damage, .frame = surface_frame,
    .set_opaque_region = surface_set_region, .set_input_region = surface_set_region, .commit = surface_commit,
    .set_buffer_transform = surface_set_buffer_transform, .set_buffer_scale = surface_set_buffer_scale,
    .damage_buffer = surface_damage, .offset = surface_offset,
};

static void surface_resource_destroyed(struct wl_resource *resource) {
    struct surface *s = wl_resource_get_user_data(resource);
    wl_list_remove(&s->pending_buffer_destroyed.link);
    struct wl_resource *callback, *next;
    wl_resource_for_each_safe(callback, next, &s->pending_frames) wl_resource_destroy(callback);
    free(s);
}

/* MARK: wl_region, wl_compositor */

static void region_destroy(struct wl_client *client, struct wl_resource *resource) { wl_resource_destroy(resource); }
static void region_rect(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y, int32_t w, int32_t h) {}
static const struct wl_region_interface region_implementation = { .destroy = region_destroy, .add = region_rect, .subtract = region_rect };

static void compositor_create_surface(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct surface *s = calloc(1, sizeof *s);
    struct wl_resource *surface = s ? wl_resource_create(client, &wl_surface_interface, wl_resource_get_version(resource), id) : NULL;
    if (!surface) {
        free(s);
        wl_client_post_no_memory(client);
        return;
    }
    s->compositor = wl_resource_get_user_data(resource);
    s->resource = surface;
    wl_list_init(&s->pending_frames);
    wl_list_init(&s->pending_buffer_destroyed.link);
    s->pending_buffer_destroyed.notify = pending_buffer_destroyed;
    wl_resource_set_implementation(surface, &surface_implementation, s, surface_resource_destroyed);
}

static void compositor_create_region(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct wl_resource *region = wl_resource_create(client, &wl_region_interface, 1, id);
    if (!region) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(region, &region_implementation, NULL, NULL);
}

static const struct wl_compositor_interface compositor_implementation = {
    .create_surface = compositor_create_surface, .create_region = compositor_create_region,
};

static void bind_compositor(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *resource = wl_resource_create(client, &wl_compositor_interface, version, id);
    if (!resource) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(resource, &compositor_implementation, data, NULL);
}

/* MARK: xdg-shell */

static void destroy_resource(struct wl_client *client, struct wl_resource *resource) { wl_resource_destroy(resource); }

static void toplevel_set_parent(struct wl_client *client, struct wl_resource *resource, struct wl_resource *parent) {}
static void toplevel_set_string(struct wl_client *client, struct wl_resource *resource, const char *text) {}
static void toplevel_show_window_menu(struct wl_client *client, struct wl_resource *resource, struct wl_resource *seat, uint32_t serial,
                                      int32_t x, int32_t y) {}
static void toplevel_move(struct wl_client *client, struct wl_resource *resource, struct wl_resource *seat, uint32_t serial) {}
static void toplevel_resize(struct wl_client *client, struct wl_resource *resource, struct wl_resource *seat, uint32_t serial, uint32_t edges) {}
static void toplevel_set_size(struct wl_client *client, struct wl_resource *resource, int32_t width, int32_t height) {}
static void toplevel_request(struct wl_client *client, struct wl_resource *resource) {}
static void toplevel_set_fullscreen(struct wl_client *client, struct wl_resource *resource, struct wl_resource *output) {}

static const struct xdg_toplevel_interface toplevel_implementation = {
    .destroy = destroy_resource, .set_parent = toplevel_set_parent, .set_title = toplevel_set_string, .set_app_id = toplevel_set_string,
    .show_window_menu = toplevel_show_window_menu, .move = toplevel_move, .resize = toplevel_resize, .set_max_size = toplevel_set_size,
    .set_min_size = toplevel_set_size, .set_maximized = toplevel_request, .unset_maximized = toplevel_request,
    .set_fullscreen = toplevel_set_fullscreen, .unset_fullscreen = toplevel_request, .set_minimized = toplevel_request,
};

static void xdg_surface_get_toplevel(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct slider_holding_compositor *c = wl_resource_get_user_data(resource);
    struct wl_resource *toplevel = wl_resource_create(client, &xdg_toplevel_interface, wl_resource_get_version(resource), id);
    if (!toplevel) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(toplevel, &toplevel_implementation, c, NULL);
    /* The client chooses its size (0 x 0), now. */
    struct wl_array states;
    wl_array_init(&states);
    xdg_toplevel_send_configure(toplevel, 0, 0, &states);
    wl_array_release(&states);
    xdg_surface_send_configure(resource, ++c->serial);
}

static void xdg_surface_get_popup(struct wl_client *client, struct wl_resource *resource, uint32_t id, struct wl_resource *parent,
                                  struct wl_resource *positioner) {
    wl_resource_post_error(resource, XDG_WM_BASE_ERROR_INVALID_POPUP_PARENT, "this test compositor has no popups");
}
static void xdg_surface_set_window_geometry(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y, int32_t w, int32_t h) {}
static void xdg_surface_ack_configure(struct wl_client *client, struct wl_resource *resource, uint32_t serial) {}

static const struct xdg_surface_interface xdg_surface_implementation = {
    .destroy = destroy_resource, .get_toplevel = xdg_surface_get_toplevel, .get_popup = xdg_surface_get_popup,
    .set_window_geometry = xdg_surface_set_window_geometry, .ack_configure = xdg_surface_ack_configure,
};

static void wm_base_create_positioner(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    wl_resource_post_error(resource, XDG_WM_BASE_ERROR_INVALID_POSITIONER, "this test compositor has no popups");
}

static void wm_base_get_xdg_surface(struct wl_client *client, struct wl_resource *resource, uint32_t id, struct wl_resource *surface) {
    struct wl_resource *xdg = wl_resource_create(client, &xdg_surface_interface, wl_resource_get_version(resource), id);
    if (!xdg) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(xdg, &xdg_surface_implementation, wl_resource_get_user_data(resource), NULL);
}

static void wm_base_pong(struct wl_client *client, struct wl_resource *resource, uint32_t serial) {}

static const struct xdg_wm_base_interface wm_base_implementation = {
    .destroy = destroy_resource, .create_positioner = wm_base_create_positioner, .get_xdg_surface = wm_base_get_xdg_surface,
    .pong = wm_base_pong,
};

static void bind_wm_base(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *resource = wl_resource_create(client, &xdg_wm_base_interface, version, id);
    if (!resource) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(resource, &wm_base_implementation, data, NULL);
}

/* MARK: The loop */

static int woken(int fd, uint32_t mask, void *data) {
    struct slider_holding_compositor *c = data;
    char command;
    while (read(fd, &command, 1) == 1) {
        if (command == 'r') {
            release_oldest(c);
            publish_counts(c, 0);
        } else if (command == 'q') {
            pthread_mutex_lock(&c->lock);
            c->running = false;
            pthread_mutex_unlock(&c->lock);
        }
    }
    return 0;
}

static void *run(void *data) {
    struct slider_holding_compositor *c = data;
    for (;;) {
        pthread_mutex_lock(&c->lock);
        bool running = c->running;
        pthread_mutex_unlock(&c->lock);
        if (!running) break;
        wl_display_flush_clients(c->display);
        wl_event_loop_dispatch(c->loop, -1);
    }
    return NULL;
}

/* A listening socket at path (an absolute path: libwayland-server 1.21 names sockets inside XDG_RUNTIME_DIR only). */
static int listen_at(const char *path) {
    struct sockaddr_un address = { .sun_family = AF_UNIX };
    if (strlen(path) >= sizeof address.sun_path) return -1;
    strcpy(address.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    if (bind(fd, (struct sockaddr *)&address, sizeof address) < 0 || listen(fd, 16) < 0) {
        close(fd);
        return -1;
    }
    return fd;
}

struct slider_holding_compositor *slider_holding_compositor_start(const char *socket_path) {
    struct slider_holding_compositor *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    wl_list_init(&c->held);
    pthread_mutex_init(&c->lock, NULL);
    c->running = true;
    c->display = wl_display_create();
    int fd = listen_at(socket_path);
    if (!c->display || fd < 0 || wl_display_add_socket_fd(c->display, fd) < 0 || pipe2(c->wake, O_CLOEXEC | O_NONBLOCK) < 0) {
        if (fd >= 0) close(fd);
        if (c->display) wl_display_destroy(c->display);
        free(c);
        return NULL;
    }
    c->loop = wl_display_get_event_loop(c->display);
    wl_event_loop_add_fd(c->loop, c->wake[0], WL_EVENT_READABLE, woken, c);
    wl_display_init_shm(c->display);
    wl_global_create(c->display, &wl_compositor_interface, 4, c, bind_compositor);
    wl_global_create(c->display, &xdg_wm_base_interface, 2, c, bind_wm_base);
    if (pthread_create(&c->thread, NULL, run, c) != 0) {
        wl_display_destroy(c->display);
        close(c->wake[0]);
        close(c->wake[1]);
        free(c);
        return NULL;
    }
    return c;
}

void slider_holding_compositor_stop(struct slider_holding_compositor *c) {
    if (!c) return;
    char quit = 'q';
    while (write(c->wake[1], &quit, 1) < 0 && errno == EINTR) {}
    pthread_join(c->thread, NULL);
    wl_display_destroy_clients(c->display);
    wl_display_destroy(c->display);
    close(c->wake[0]);
    close(c->wake[1]);
    pthread_mutex_destroy(&c->lock);
    free(c->frame);
    free(c);
}

int slider_holding_compositor_held_buffers(struct slider_holding_compositor *c) {
    pthread_mutex_lock(&c->lock);
    int held = c->held_count;
    pthread_mutex_unlock(&c->lock);
    return held;
}

int slider_holding_compositor_buffer_commits(struct slider_holding_compositor *c) {
    pthread_mutex_lock(&c->lock);
    int commits = c->buffer_commits;
    pthread_mutex_unlock(&c->lock);
    return commits;
}

int slider_holding_compositor_release_oldest(struct slider_holding_compositor *c) {
    if (slider_holding_compositor_held_buffers(c) == 0) return -1;
    char release = 'r';
    while (write(c->wake[1], &release, 1) < 0 && errno == EINTR) {}
    return 0;
}

int slider_holding_compositor_last_frame(struct slider_holding_compositor *c, uint8_t *pixels, size_t capacity, int32_t *width,
                                          int32_t *height) {
    pthread_mutex_lock(&c->lock);
    int result = -1;
    if (c->frame && (size_t)c->frame_width * c->frame_height * 4 <= capacity) {
        memcpy(pixels, c->frame, (size_t)c->frame_width * c->frame_height * 4);
        *width = c->frame_width;
        *height = c->frame_height;
        result = 0;
    }
    pthread_mutex_unlock(&c->lock);
    return result;
}
