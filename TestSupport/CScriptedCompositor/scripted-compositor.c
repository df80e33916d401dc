#define _GNU_SOURCE
#include "scripted-compositor.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <wayland-server.h>

#include "../generated/commit-timing-v1-server-protocol.h"
#include "../generated/fractional-scale-v1-server-protocol.h"
#include "../generated/viewporter-server-protocol.h"
#include "../generated/xdg-shell-server-protocol.h"

enum { pings_per_commit = 1000, configured_commits = 3 };

/* A committed buffer the compositor keeps until the test releases it. */
struct held_buffer {
    struct wl_list link;
    struct slider_scripted_compositor *compositor;
    struct wl_resource *buffer;
    struct wl_listener destroyed;
};

/* A buffer reference that forgets its buffer when the client destroys it. */
struct buffer_reference {
    struct wl_resource *buffer;
    struct wl_listener destroyed;
};

/* A commit not yet applied (SLIDER_SCENARIO_TIMED_COMMITS_HELD): its buffer and its frame callbacks. */
struct held_commit {
    struct wl_list link;
    struct buffer_reference buffer;
    struct wl_list frames; /* wl_callback resources */
};

struct surface {
    struct slider_scripted_compositor *compositor;
    struct wl_resource *resource;
    struct buffer_reference pending, shown;
    struct wl_list pending_frames; /* wl_callback resources */
    /* The surface's wp_commit_timer_v1 (NULL: none), whether the pending state has a target time, and the
     * commits held, oldest first (struct held_commit). */
    struct wl_resource *timer;
    bool pending_timed;
    struct wl_list held_commits;
    struct wl_resource *toplevel, *xdg_surface;
    int buffer_commits;
    /* The last serial the client acknowledged (xdg_surface.ack_configure); it applies with the next commit. */
    uint32_t acked_serial;
    bool entered;
};

struct slider_scripted_compositor {
    struct wl_display *display;
    struct wl_event_loop *loop;
    pthread_t thread;
    slider_scenario scenario;
    /* Written by the test's thread to wake the loop: 'r' releases the oldest buffer, 'q' quits. */
    int wake[2];
    /* The wake pipe's source (the loop holds a duplicate of its descriptor until the source is removed). */
    struct wl_event_source *wake_source;
    struct wl_list held; /* struct held_buffer, oldest first: the loop's thread only */
    struct wl_global *output_global;
    /* SLIDER_SCENARIO_OUTPUT_RETURNS: output_global is the output that came back (scale 2). */
    bool output_returned;
    /* Resources by kind (their links), for the events the scenarios send: the loop's thread only. */
    struct wl_list outputs, seats, pointers, keyboards, touches, wm_bases;
    struct wl_listener client_created;
    uint32_t serial;
    bool seat_on;
    pthread_mutex_t lock;
    pthread_cond_t events_sent;
    /* Under lock: */
    int held_count, buffer_commits, clients, clients_gone;
    /* The serial of the last configure sent, and the last acknowledged serial a commit applied. */
    int configure_sent, configure_committed;
    /* Events to send (slider_scripted_compositor_send_events): the bytes, and how many were sent (-1: not yet). */
    const uint8_t *event_bytes;
    size_t event_byte_count;
    int sent_events;
    uint8_t *frame;
    int32_t frame_width, frame_height;
    bool running;
};

static uint32_t milliseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint32_t)(now.tv_sec * 1000 + now.tv_nsec / 1000000);
}

/* A resource kept in one of the compositor's lists leaves it when it goes. */
static void unlink_resource(struct wl_resource *resource) { wl_list_remove(wl_resource_get_link(resource)); }

static void listed(struct wl_list *list, struct wl_resource *resource) {
    wl_list_insert(list->prev, wl_resource_get_link(resource));
}

static void destroy_resource(struct wl_client *client, struct wl_resource *resource) { wl_resource_destroy(resource); }

/* MARK: Counts the test reads */

static void publish_counts(struct slider_scripted_compositor *c, int new_commits) {
    pthread_mutex_lock(&c->lock);
    c->held_count = wl_list_length(&c->held);
    c->buffer_commits += new_commits;
    pthread_mutex_unlock(&c->lock);
}

/* Counts a client's end. */
struct client_watch {
    struct wl_listener destroyed;
    struct slider_scripted_compositor *compositor;
};

static void client_destroyed(struct wl_listener *listener, void *data) {
    struct client_watch *watch = wl_container_of(listener, watch, destroyed);
    struct slider_scripted_compositor *c = watch->compositor;
    wl_list_remove(&watch->destroyed.link);
    free(watch);
    pthread_mutex_lock(&c->lock);
    c->clients_gone++;
    pthread_mutex_unlock(&c->lock);
}

static void client_created(struct wl_listener *listener, void *data) {
    struct slider_scripted_compositor *c = wl_container_of(listener, c, client_created);
    struct client_watch *watch = calloc(1, sizeof *watch);
    if (watch) {
        watch->compositor = c;
        watch->destroyed.notify = client_destroyed;
        wl_client_add_destroy_listener(data, &watch->destroyed);
    }
    pthread_mutex_lock(&c->lock);
    c->clients++;
    pthread_mutex_unlock(&c->lock);
}

/* MARK: Buffers */

static void buffer_reference_destroyed(struct wl_listener *listener, void *data) {
    struct buffer_reference *reference = wl_container_of(listener, reference, destroyed);
    reference->buffer = NULL;
    wl_list_remove(&reference->destroyed.link);
    wl_list_init(&reference->destroyed.link);
}

static void refer(struct buffer_reference *reference, struct wl_resource *buffer) {
    wl_list_remove(&reference->destroyed.link);
    wl_list_init(&reference->destroyed.link);
    reference->buffer = buffer;
    if (buffer) wl_resource_add_destroy_listener(buffer, &reference->destroyed);
}

/* The client destroyed a buffer the compositor held (it remade its buffers at a new size). */
static void held_buffer_destroyed(struct wl_listener *listener, void *data) {
    struct held_buffer *held = wl_container_of(listener, held, destroyed);
    struct slider_scripted_compositor *c = held->compositor;
    wl_list_remove(&held->link);
    wl_list_remove(&held->destroyed.link);
    free(held);
    publish_counts(c, 0);
}

static void hold(struct slider_scripted_compositor *c, struct wl_resource *buffer) {
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

static void release_oldest(struct slider_scripted_compositor *c) {
    if (wl_list_empty(&c->held)) return;
    struct held_buffer *held = wl_container_of(c->held.next, held, link);
    wl_buffer_send_release(held->buffer);
    wl_list_remove(&held->link);
    wl_list_remove(&held->destroyed.link);
    free(held);
}

/* Keeps a copy of the buffer's pixels as the last frame. */
static void copy_frame(struct slider_scripted_compositor *c, struct wl_resource *buffer) {
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

/* MARK: What the scenarios send */

static void send_configure(struct surface *s) {
    struct slider_scripted_compositor *c = s->compositor;
    if (!s->xdg_surface) return;
    int32_t width = 0, height = 0;
    switch (c->scenario) {
    case SLIDER_SCENARIO_CONFIGURE_ONE: width = height = 1; break;
    case SLIDER_SCENARIO_CONFIGURE_HUGE: width = height = INT32_MAX; break;
    case SLIDER_SCENARIO_CONFIGURE_NEGATIVE: width = -400, height = -84; break;
    case SLIDER_SCENARIO_CONFIGURE_PAST_PIXEL_AREA: width = height = 16384; break;
    case SLIDER_SCENARIO_CALLBACKS_HELD_FOR_CONFIGURE:
        if (s->buffer_commits > 0) width = 500, height = 100;
        break;
    default: break;
    }
    struct wl_array states;
    wl_array_init(&states);
    xdg_toplevel_send_configure(s->toplevel, width, height, &states);
    wl_array_release(&states);
    xdg_surface_send_configure(s->xdg_surface, ++c->serial);
    pthread_mutex_lock(&c->lock);
    c->configure_sent = (int)c->serial;
    pthread_mutex_unlock(&c->lock);
}

static void bind_output(struct wl_client *client, void *data, uint32_t version, uint32_t id);
static const struct wl_surface_interface surface_implementation;

/* Outputs the surface's client bound enter it (or leave it). */
static void send_output_presence(struct surface *s, bool enter) {
    struct wl_resource *output;
    wl_resource_for_each(output, &s->compositor->outputs) {
        if (wl_resource_get_client(output) != wl_resource_get_client(s->resource)) continue;
        if (enter) {
            wl_surface_send_enter(s->resource, output);
        } else {
            wl_surface_send_leave(s->resource, output);
        }
    }
}

static uint32_t seat_capabilities(struct slider_scripted_compositor *c) {
    return c->seat_on ? WL_SEAT_CAPABILITY_POINTER | WL_SEAT_CAPABILITY_KEYBOARD | WL_SEAT_CAPABILITY_TOUCH : 0;
}

/* Flips the seat's capabilities, then sends pointer and touch events over the surface to every pointer and
 * touch the client had: after a flip to none, the client may have let go of them before they arrive. */
static void toggle_seat(struct surface *s) {
    struct slider_scripted_compositor *c = s->compositor;
    struct wl_client *client = wl_resource_get_client(s->resource);
    c->seat_on = !c->seat_on;
    struct wl_resource *resource;
    wl_resource_for_each(resource, &c->seats) {
        if (wl_resource_get_client(resource) == client) wl_seat_send_capabilities(resource, seat_capabilities(c));
    }
    wl_resource_for_each(resource, &c->pointers) {
        if (wl_resource_get_client(resource) != client) continue;
        wl_pointer_send_enter(resource, ++c->serial, s->resource, wl_fixed_from_int(40), wl_fixed_from_int(30));
        wl_pointer_send_motion(resource, milliseconds(), wl_fixed_from_int(60), wl_fixed_from_int(30));
        if (wl_resource_get_version(resource) >= WL_POINTER_FRAME_SINCE_VERSION) wl_pointer_send_frame(resource);
    }
    wl_resource_for_each(resource, &c->touches) {
        if (wl_resource_get_client(resource) != client) continue;
        wl_touch_send_down(resource, ++c->serial, milliseconds(), s->resource, 7, wl_fixed_from_int(40), wl_fixed_from_int(30));
        wl_touch_send_motion(resource, milliseconds(), 7, wl_fixed_from_int(80), wl_fixed_from_int(30));
        wl_touch_send_frame(resource);
    }
}

static void send_pings(struct surface *s) {
    struct wl_resource *wm_base;
    wl_resource_for_each(wm_base, &s->compositor->wm_bases) {
        if (wl_resource_get_client(wm_base) != wl_resource_get_client(s->resource)) continue;
        for (int i = 0; i < pings_per_commit; i++) xdg_wm_base_send_ping(wm_base, ++s->compositor->serial);
    }
}

/* MARK: wl_surface */

static void surface_attach(struct wl_client *client, struct wl_resource *resource, struct wl_resource *buffer, int32_t x, int32_t y) {
    struct surface *s = wl_resource_get_user_data(resource);
    refer(&s->pending, buffer);
    if (buffer && s->compositor->scenario == SLIDER_SCENARIO_RELEASES_UNASKED) wl_buffer_send_release(buffer);
}

static void surface_damage(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y, int32_t w, int32_t h) {}

static void surface_frame(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct surface *s = wl_resource_get_user_data(resource);
    struct wl_resource *callback = wl_resource_create(client, &wl_callback_interface, 1, id);
    if (!callback) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(callback, NULL, NULL, unlink_resource);
    listed(&s->pending_frames, callback);
}

static void surface_set_region(struct wl_client *client, struct wl_resource *resource, struct wl_resource *region) {}

/* What a commit of a buffer does in each scenario; true when the client's connection was closed. */
static bool committed_buffer(struct surface *s, struct wl_resource *buffer) {
    struct slider_scripted_compositor *c = s->compositor;
    copy_frame(c, buffer);
    s->buffer_commits++;
    switch (c->scenario) {
    case SLIDER_SCENARIO_HOLD_BUFFERS:
        hold(c, buffer);
        break;
    case SLIDER_SCENARIO_RELEASES_UNASKED:
        wl_buffer_send_release(buffer);
        break;
    case SLIDER_SCENARIO_CLOSE_MID_COMMIT:
        /* The client sees its connection end; the loop then sees the hang-up and lets the client go. */
        shutdown(wl_client_get_fd(wl_resource_get_client(s->resource)), SHUT_RDWR);
        return true;
    default:
        if (s->shown.buffer && s->shown.buffer != buffer) wl_buffer_send_release(s->shown.buffer);
        refer(&s->shown, buffer);
        break;
    }
    bool removes = c->scenario == SLIDER_SCENARIO_OUTPUT_REMOVED || c->scenario == SLIDER_SCENARIO_OUTPUT_RETURNS;
    if (removes && s->buffer_commits == 1 && c->output_global) {
        send_output_presence(s, false);
        wl_global_remove(c->output_global);
        if (c->scenario == SLIDER_SCENARIO_OUTPUT_RETURNS) {
            c->output_returned = true;
            c->output_global = wl_global_create(c->display, &wl_output_interface, 2, c, bind_output);
        }
    }
    if (s->toplevel && s->xdg_surface && s->buffer_commits <= configured_commits) send_configure(s);
    return false;
}

/* Applies the surface's pending state: the commit as the scenario plays it. */
static void apply_commit(struct surface *s) {
    struct slider_scripted_compositor *c = s->compositor;
    if (!s->entered && c->scenario != SLIDER_SCENARIO_OUTPUT_REMOVED && c->scenario != SLIDER_SCENARIO_OUTPUT_RETURNS) {
        send_output_presence(s, true);
    }
    s->entered = true;
    if (s->acked_serial) {
        pthread_mutex_lock(&c->lock);
        c->configure_committed = (int)s->acked_serial;
        pthread_mutex_unlock(&c->lock);
    }
    int commits = 0;
    if (s->pending.buffer) {
        struct wl_resource *buffer = s->pending.buffer;
        refer(&s->pending, NULL);
        commits = 1;
        if (committed_buffer(s, buffer)) {
            publish_counts(c, commits);
            return;
        }
    }
    if (c->scenario == SLIDER_SCENARIO_SEAT_TOGGLED) toggle_seat(s);
    if (c->scenario == SLIDER_SCENARIO_PING_STORM) send_pings(s);
    bool holds = c->scenario == SLIDER_SCENARIO_FRAME_CALLBACKS_WITHHELD
        || (c->scenario == SLIDER_SCENARIO_CALLBACKS_HELD_FOR_CONFIGURE && (int)s->acked_serial != c->configure_sent);
    if (!holds) {
        /* Shown at once: every frame callback of this commit is done. */
        struct wl_resource *callback, *next;
        wl_resource_for_each_safe(callback, next, &s->pending_frames) {
            wl_callback_send_done(callback, milliseconds());
            wl_resource_destroy(callback);
        }
    }
    publish_counts(c, commits);
}

static void free_held_commit(struct held_commit *held) {
    struct wl_resource *callback, *next;
    wl_resource_for_each_safe(callback, next, &held->frames) wl_resource_destroy(callback);
    wl_list_remove(&held->buffer.destroyed.link);
    wl_list_remove(&held->link);
    free(held);
}

/* SLIDER_SCENARIO_TIMED_COMMITS_HELD: a commit with a target time first applies every commit held before it,
 * then is held itself; one without waits behind any held. Returns true when the pending state was held (it
 * is then the held commit's, and the pending state is empty). */
static bool hold_timed_commit(struct surface *s) {
    bool timed = s->pending_timed;
    s->pending_timed = false;
    if (!timed && wl_list_empty(&s->held_commits)) return false;
    struct held_commit *held = calloc(1, sizeof *held);
    if (!held) {
        wl_client_post_no_memory(wl_resource_get_client(s->resource));
        return true;
    }
    wl_list_init(&held->frames);
    wl_list_init(&held->buffer.destroyed.link);
    held->buffer.destroyed.notify = buffer_reference_destroyed;
    refer(&held->buffer, s->pending.buffer);
    refer(&s->pending, NULL);
    wl_list_insert_list(&held->frames, &s->pending_frames);
    wl_list_init(&s->pending_frames);
    wl_list_insert(s->held_commits.prev, &held->link);
    if (!timed) return true;
    /* Every commit before this one, in order, as it was committed. */
    while (s->held_commits.next != &held->link) {
        struct held_commit *oldest = wl_container_of(s->held_commits.next, oldest, link);
        refer(&s->pending, oldest->buffer.buffer);
        wl_list_insert_list(&s->pending_frames, &oldest->frames);
        wl_list_init(&oldest->frames);
        free_held_commit(oldest);
        apply_commit(s);
    }
    return true;
}

static void surface_commit(struct wl_client *client, struct wl_resource *resource) {
    struct surface *s = wl_resource_get_user_data(resource);
    if (s->compositor->scenario == SLIDER_SCENARIO_TIMED_COMMITS_HELD && hold_timed_commit(s)) return;
    apply_commit(s);
}

static void surface_set_buffer_transform(struct wl_client *client, struct wl_resource *resource, int32_t transform) {}
static void surface_set_buffer_scale(struct wl_client *client, struct wl_resource *resource, int32_t scale) {}
static void surface_offset(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y) {}

static const struct wl_surface_interface surface_implementation = {
    .destroy = destroy_resource, .attach = surface_attach, .damage = surface_damage, .frame = surface_frame,
    .set_opaque_region = surface_set_region, .set_input_region = surface_set_region, .commit = surface_commit,
    .set_buffer_transform = surface_set_buffer_transform, .set_buffer_scale = surface_set_buffer_scale,
    .damage_buffer = surface_damage, .offset = surface_offset,
};

static void surface_resource_destroyed(struct wl_resource *resource) {
    struct surface *s = wl_resource_get_user_data(resource);
    wl_list_remove(&s->pending.destroyed.link);
    wl_list_remove(&s->shown.destroyed.link);
    struct wl_resource *callback, *next;
    wl_resource_for_each_safe(callback, next, &s->pending_frames) wl_resource_destroy(callback);
    struct held_commit *held, *next_held;
    wl_list_for_each_safe(held, next_held, &s->held_commits, link) free_held_commit(held);
    if (s->timer) wl_resource_set_user_data(s->timer, NULL);
    if (s->toplevel) wl_resource_set_user_data(s->toplevel, NULL);
    if (s->xdg_surface) wl_resource_set_user_data(s->xdg_surface, NULL);
    free(s);
}

/* MARK: wl_region, wl_compositor */

static void region_rect(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y, int32_t w, int32_t h) {}
static const struct wl_region_interface region_implementation = { .destroy = destroy_resource, .add = region_rect, .subtract = region_rect };

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
    wl_list_init(&s->held_commits);
    wl_list_init(&s->pending.destroyed.link);
    wl_list_init(&s->shown.destroyed.link);
    s->pending.destroyed.notify = s->shown.destroyed.notify = buffer_reference_destroyed;
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

/* The toplevel goes before its surface (or the surface first, which clears the toplevel's data). */
static void toplevel_destroyed(struct wl_resource *resource) {
    struct surface *s = wl_resource_get_user_data(resource);
    if (s) s->toplevel = NULL;
}

static void xdg_surface_get_toplevel(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct surface *s = wl_resource_get_user_data(resource);
    struct wl_resource *toplevel = wl_resource_create(client, &xdg_toplevel_interface, wl_resource_get_version(resource), id);
    if (!toplevel) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(toplevel, &toplevel_implementation, s, toplevel_destroyed);
    if (!s) return;
    s->toplevel = toplevel;
    send_configure(s);
}

static void xdg_surface_get_popup(struct wl_client *client, struct wl_resource *resource, uint32_t id, struct wl_resource *parent,
                                  struct wl_resource *positioner) {
    wl_resource_post_error(resource, XDG_WM_BASE_ERROR_INVALID_POPUP_PARENT, "this test compositor has no popups");
}
static void xdg_surface_set_window_geometry(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y, int32_t w, int32_t h) {}
static void xdg_surface_ack_configure(struct wl_client *client, struct wl_resource *resource, uint32_t serial) {
    struct surface *s = wl_resource_get_user_data(resource);
    if (s) s->acked_serial = serial;
}

static const struct xdg_surface_interface xdg_surface_implementation = {
    .destroy = destroy_resource, .get_toplevel = xdg_surface_get_toplevel, .get_popup = xdg_surface_get_popup,
    .set_window_geometry = xdg_surface_set_window_geometry, .ack_configure = xdg_surface_ack_configure,
};

static void wm_base_create_positioner(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    wl_resource_post_error(resource, XDG_WM_BASE_ERROR_INVALID_POSITIONER, "this test compositor has no popups");
}

/* The xdg_surface goes before its wl_surface (or the wl_surface first, which clears the xdg_surface's data). */
static void xdg_surface_destroyed(struct wl_resource *resource) {
    struct surface *s = wl_resource_get_user_data(resource);
    if (s) s->xdg_surface = NULL;
}

/* The xdg_surface's data is its wl_surface's state. */
static void wm_base_get_xdg_surface(struct wl_client *client, struct wl_resource *resource, uint32_t id, struct wl_resource *surface) {
    struct surface *s = wl_resource_get_user_data(surface);
    struct wl_resource *xdg = wl_resource_create(client, &xdg_surface_interface, wl_resource_get_version(resource), id);
    if (!xdg) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(xdg, &xdg_surface_implementation, s, xdg_surface_destroyed);
    s->xdg_surface = xdg;
}

static void wm_base_pong(struct wl_client *client, struct wl_resource *resource, uint32_t serial) {}

static const struct xdg_wm_base_interface wm_base_implementation = {
    .destroy = destroy_resource, .create_positioner = wm_base_create_positioner, .get_xdg_surface = wm_base_get_xdg_surface,
    .pong = wm_base_pong,
};

static void bind_wm_base(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    struct slider_scripted_compositor *c = data;
    struct wl_resource *resource = wl_resource_create(client, &xdg_wm_base_interface, version, id);
    if (!resource) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(resource, &wm_base_implementation, c, unlink_resource);
    listed(&c->wm_bases, resource);
}

/* MARK: wl_output */

/* Each surface of a client enters every output the client bound, the one removed included. */
static enum wl_iterator_result enter_returned_output(struct wl_resource *resource, void *data) {
    if (wl_resource_instance_of(resource, &wl_surface_interface, &surface_implementation)) {
        send_output_presence(wl_resource_get_user_data(resource), true);
    }
    return WL_ITERATOR_CONTINUE;
}

static void bind_output(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    struct slider_scripted_compositor *c = data;
    struct wl_resource *resource = wl_resource_create(client, &wl_output_interface, version, id);
    if (!resource) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(resource, NULL, c, unlink_resource);
    listed(&c->outputs, resource);
    int32_t scale = c->scenario == SLIDER_SCENARIO_OUTPUT_SCALE_ZERO ? 0 : c->scenario == SLIDER_SCENARIO_OUTPUT_SCALE_HUGE ? 1000 : 1;
    if (c->output_returned) scale = 2;
    wl_output_send_geometry(resource, 0, 0, 300, 200, WL_OUTPUT_SUBPIXEL_UNKNOWN, "slider", "scripted", WL_OUTPUT_TRANSFORM_NORMAL);
    wl_output_send_mode(resource, WL_OUTPUT_MODE_CURRENT, 1280, 720, 60000);
    if (version >= WL_OUTPUT_SCALE_SINCE_VERSION) wl_output_send_scale(resource, scale);
    if (version >= WL_OUTPUT_DONE_SINCE_VERSION) wl_output_send_done(resource);
    /* The output that came back: the client's surfaces are on it, and on every output it had before. */
    if (c->output_returned) wl_client_for_each_resource(client, enter_returned_output, NULL);
}

/* MARK: wl_seat */

/* The keymap a keyboard gets: none in most scenarios; in the keymap scenarios, a descriptor that is wrong. */
static void send_keymap(struct slider_scripted_compositor *c, struct wl_resource *keyboard) {
    int fd = -1, pipe_ends[2] = { -1, -1 };
    uint32_t format = WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, size = 4096;
    char text[4096];
    memset(text, 'x', sizeof text);
    switch (c->scenario) {
    case SLIDER_SCENARIO_KEYMAP_PAST_ITS_FILE:
    case SLIDER_SCENARIO_KEYMAP_UNTERMINATED:
    case SLIDER_SCENARIO_KEYMAP_EMPTY:
        fd = memfd_create("scripted-keymap", MFD_CLOEXEC);
        if (c->scenario != SLIDER_SCENARIO_KEYMAP_EMPTY && fd >= 0 && write(fd, text, sizeof text) != (ssize_t)sizeof text) {
            close(fd);
            fd = -1;
        }
        if (c->scenario == SLIDER_SCENARIO_KEYMAP_PAST_ITS_FILE) size = 4 * sizeof text;
        if (c->scenario == SLIDER_SCENARIO_KEYMAP_EMPTY) size = 0;
        break;
    case SLIDER_SCENARIO_KEYMAP_NOT_MAPPABLE:
        if (pipe2(pipe_ends, O_CLOEXEC) == 0) fd = pipe_ends[0];
        break;
    default:
        fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
        format = WL_KEYBOARD_KEYMAP_FORMAT_NO_KEYMAP;
        size = 0;
        break;
    }
    if (fd < 0) return;
    wl_keyboard_send_keymap(keyboard, format, fd, size);
    close(fd);
    if (pipe_ends[1] >= 0) close(pipe_ends[1]);
    if (wl_resource_get_version(keyboard) >= WL_KEYBOARD_REPEAT_INFO_SINCE_VERSION) wl_keyboard_send_repeat_info(keyboard, 25, 600);
}

static void pointer_set_cursor(struct wl_client *client, struct wl_resource *resource, uint32_t serial, struct wl_resource *surface,
                               int32_t x, int32_t y) {}
static const struct wl_pointer_interface pointer_implementation = { .set_cursor = pointer_set_cursor, .release = destroy_resource };
static const struct wl_keyboard_interface keyboard_implementation = { .release = destroy_resource };
static const struct wl_touch_interface touch_implementation = { .release = destroy_resource };

/* A pointer, keyboard or touch of the seat, kept in list. */
static struct wl_resource *device(struct wl_client *client, struct wl_resource *seat, const struct wl_interface *interface,
                                  const void *implementation, uint32_t id, struct wl_list *list) {
    struct wl_resource *resource = wl_resource_create(client, interface, wl_resource_get_version(seat), id);
    if (!resource) {
        wl_client_post_no_memory(client);
        return NULL;
    }
    wl_resource_set_implementation(resource, implementation, wl_resource_get_user_data(seat), unlink_resource);
    listed(list, resource);
    return resource;
}

static void seat_get_pointer(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct slider_scripted_compositor *c = wl_resource_get_user_data(resource);
    device(client, resource, &wl_pointer_interface, &pointer_implementation, id, &c->pointers);
}

static void seat_get_keyboard(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct slider_scripted_compositor *c = wl_resource_get_user_data(resource);
    struct wl_resource *keyboard = device(client, resource, &wl_keyboard_interface, &keyboard_implementation, id, &c->keyboards);
    if (keyboard) send_keymap(c, keyboard);
}

static void seat_get_touch(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct slider_scripted_compositor *c = wl_resource_get_user_data(resource);
    device(client, resource, &wl_touch_interface, &touch_implementation, id, &c->touches);
}

static const struct wl_seat_interface seat_implementation = {
    .get_pointer = seat_get_pointer, .get_keyboard = seat_get_keyboard, .get_touch = seat_get_touch, .release = destroy_resource,
};

static void bind_seat(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    struct slider_scripted_compositor *c = data;
    struct wl_resource *resource = wl_resource_create(client, &wl_seat_interface, version, id);
    if (!resource) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(resource, &seat_implementation, c, unlink_resource);
    listed(&c->seats, resource);
    wl_seat_send_capabilities(resource, seat_capabilities(c));
    if (version >= WL_SEAT_NAME_SINCE_VERSION) wl_seat_send_name(resource, "scripted");
}

/* MARK: wp_viewporter, wp_fractional_scale_manager_v1 (the fractional-scale scenarios) */

static void viewport_set(struct wl_client *client, struct wl_resource *resource, wl_fixed_t x, wl_fixed_t y, wl_fixed_t w, wl_fixed_t h) {}
static void viewport_set_destination(struct wl_client *client, struct wl_resource *resource, int32_t width, int32_t height) {}
static const struct wp_viewport_interface viewport_implementation = {
    .destroy = destroy_resource, .set_source = viewport_set, .set_destination = viewport_set_destination,
};

static void viewporter_get_viewport(struct wl_client *client, struct wl_resource *resource, uint32_t id, struct wl_resource *surface) {
    struct wl_resource *viewport = wl_resource_create(client, &wp_viewport_interface, 1, id);
    if (!viewport) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(viewport, &viewport_implementation, NULL, NULL);
}

static const struct wp_viewporter_interface viewporter_implementation = { .destroy = destroy_resource, .get_viewport = viewporter_get_viewport };

static void bind_viewporter(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *resource = wl_resource_create(client, &wp_viewporter_interface, 1, id);
    if (!resource) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(resource, &viewporter_implementation, data, NULL);
}

static const struct wp_fractional_scale_v1_interface fractional_scale_implementation = { .destroy = destroy_resource };

static void fractional_get_scale(struct wl_client *client, struct wl_resource *resource, uint32_t id, struct wl_resource *surface) {
    struct slider_scripted_compositor *c = wl_resource_get_user_data(resource);
    struct wl_resource *scale = wl_resource_create(client, &wp_fractional_scale_v1_interface, 1, id);
    if (!scale) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(scale, &fractional_scale_implementation, NULL, NULL);
    wp_fractional_scale_v1_send_preferred_scale(scale, c->scenario == SLIDER_SCENARIO_FRACTIONAL_SCALE_ZERO ? 0 : 1u << 24);
}

static const struct wp_fractional_scale_manager_v1_interface fractional_manager_implementation = {
    .destroy = destroy_resource, .get_fractional_scale = fractional_get_scale,
};

static void bind_fractional_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *resource = wl_resource_create(client, &wp_fractional_scale_manager_v1_interface, 1, id);
    if (!resource) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(resource, &fractional_manager_implementation, data, NULL);
}

/* MARK: Commit timing (SLIDER_SCENARIO_TIMED_COMMITS_HELD) */

static void timer_set_timestamp(struct wl_client *client, struct wl_resource *resource, uint32_t sec_hi, uint32_t sec_lo, uint32_t nsec) {
    struct surface *s = wl_resource_get_user_data(resource);
    if (!s) {
        wl_resource_post_error(resource, WP_COMMIT_TIMER_V1_ERROR_SURFACE_DESTROYED, "the surface is gone");
        return;
    }
    if (s->pending_timed) {
        wl_resource_post_error(resource, WP_COMMIT_TIMER_V1_ERROR_TIMESTAMP_EXISTS, "the commit already has a timestamp");
        return;
    }
    if (nsec > 999999999) {
        wl_resource_post_error(resource, WP_COMMIT_TIMER_V1_ERROR_INVALID_TIMESTAMP, "nanoseconds past a second");
        return;
    }
    s->pending_timed = true;
}

static const struct wp_commit_timer_v1_interface timer_implementation = { .set_timestamp = timer_set_timestamp, .destroy = destroy_resource };

/* The timer goes before its surface (or the surface first, which clears the timer's data). */
static void timer_destroyed(struct wl_resource *resource) {
    struct surface *s = wl_resource_get_user_data(resource);
    if (s) s->timer = NULL;
}

static void timing_manager_get_timer(struct wl_client *client, struct wl_resource *resource, uint32_t id, struct wl_resource *surface) {
    struct surface *s = wl_resource_get_user_data(surface);
    if (s->timer) {
        wl_resource_post_error(resource, WP_COMMIT_TIMING_MANAGER_V1_ERROR_COMMIT_TIMER_EXISTS, "the surface has a timer");
        return;
    }
    struct wl_resource *timer = wl_resource_create(client, &wp_commit_timer_v1_interface, 1, id);
    if (!timer) {
        wl_client_post_no_memory(client);
        return;
    }
    s->timer = timer;
    wl_resource_set_implementation(timer, &timer_implementation, s, timer_destroyed);
}

static const struct wp_commit_timing_manager_v1_interface timing_manager_implementation = {
    .destroy = destroy_resource, .get_timer = timing_manager_get_timer,
};

static void bind_timing_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *resource = wl_resource_create(client, &wp_commit_timing_manager_v1_interface, 1, id);
    if (!resource) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(resource, &timing_manager_implementation, data, NULL);
}

/* MARK: Events made from bytes */

/* The bytes events are made from: a read past the end gives zeros. */
struct event_bytes {
    const uint8_t *bytes;
    size_t count, next;
};

static uint8_t take_byte(struct event_bytes *b) { return b->next < b->count ? b->bytes[b->next++] : (b->next++, 0); }

static uint32_t take_word(struct event_bytes *b) {
    uint32_t word = 0;
    for (int i = 0; i < 4; i++) word |= (uint32_t)take_byte(b) << (8 * i);
    return word;
}

/* An integer at or past an edge most of the time: what a compositor sending it wrong would send. */
static uint32_t take_integer(struct event_bytes *b) {
    static const uint32_t edges[] = { 0, 1, 2, 120, 0x7fffffff, 0x80000000, 0xffffffff, 0xfffffffe, 16384, 16385, 65536, 256 };
    uint8_t choice = take_byte(b);
    return choice < 160 ? edges[choice % (sizeof edges / sizeof *edges)] : take_word(b);
}

/* The interfaces of the objects the compositor's clients can have, by name (libwayland-server names a
 * resource's interface only by name). */
static const struct wl_interface *const known_interfaces[] = {
    &wl_registry_interface, &wl_callback_interface, &wl_compositor_interface, &wl_surface_interface, &wl_region_interface,
    &wl_shm_interface, &wl_shm_pool_interface, &wl_buffer_interface, &wl_output_interface, &wl_seat_interface, &wl_pointer_interface,
    &wl_keyboard_interface, &wl_touch_interface, &xdg_wm_base_interface, &xdg_surface_interface, &xdg_toplevel_interface,
    &wp_viewporter_interface, &wp_viewport_interface, &wp_fractional_scale_manager_v1_interface, &wp_fractional_scale_v1_interface,
};

static const struct wl_interface *interface_of(struct wl_resource *resource) {
    const char *name = wl_resource_get_class(resource);
    for (size_t i = 0; i < sizeof known_interfaces / sizeof *known_interfaces; i++) {
        if (strcmp(known_interfaces[i]->name, name) == 0) return known_interfaces[i];
    }
    return NULL;
}

enum { most_resources = 512, most_events = 64, most_arguments = 20 };

struct resources {
    struct wl_resource *list[most_resources];
    int count;
};

static enum wl_iterator_result collect(struct wl_resource *resource, void *data) {
    struct resources *r = data;
    if (r->count < most_resources && interface_of(resource)) r->list[r->count++] = resource;
    return WL_ITERATOR_CONTINUE;
}

/* A descriptor to send: a file of bytes from the input, /dev/null, or a pipe's read end. -1 when none. */
static int take_descriptor(struct event_bytes *b) {
    uint8_t choice = take_byte(b);
    if (choice % 3 == 1) return open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (choice % 3 == 2) {
        int ends[2];
        if (pipe2(ends, O_CLOEXEC) < 0) return -1;
        close(ends[1]);
        return ends[0];
    }
    int fd = memfd_create("scripted-event", MFD_CLOEXEC);
    size_t length = take_byte(b) * 16u;
    for (size_t i = 0; fd >= 0 && i < length; i++) {
        uint8_t byte = take_byte(b);
        if (write(fd, &byte, 1) != 1) break;
    }
    return fd;
}

/* One event of resource's interface built from the bytes and sent; false when none could be made. */
static bool send_event(struct resources *all, struct wl_resource *resource, struct event_bytes *b) {
    const struct wl_interface *interface = interface_of(resource);
    if (!interface || interface->event_count == 0) return false;
    int opcode = take_byte(b) % interface->event_count;
    const struct wl_message *event = &interface->events[opcode];
    const char *signature = event->signature;
    int since = 0;
    while (*signature >= '0' && *signature <= '9') since = since * 10 + (*signature++ - '0');
    if (since > wl_resource_get_version(resource)) return false;
    union wl_argument arguments[most_arguments];
    struct wl_array arrays[most_arguments];
    char strings[most_arguments][320];
    int descriptors[most_arguments], descriptor_count = 0, array_count = 0, argument = 0;
    bool nullable = false, made = true;
    for (; *signature && argument < most_arguments && made; signature++) {
        if (*signature == '?') {
            nullable = true;
            continue;
        }
        union wl_argument *a = &arguments[argument];
        switch (*signature) {
        case 'i': case 'u': a->u = take_integer(b); break;
        case 'f': a->f = (wl_fixed_t)take_integer(b); break;
        case 's': {
            uint8_t choice = take_byte(b), length = take_byte(b);
            if (nullable && choice % 4 == 0) {
                a->s = NULL;
                break;
            }
            size_t n = choice % 4 == 1 ? 0 : choice % 4 == 2 ? 300 : length % 40;
            for (size_t i = 0; i < n; i++) strings[argument][i] = (char)(take_byte(b) % 94 + 32);
            strings[argument][n] = 0;
            a->s = strings[argument];
            break;
        }
        case 'o': {
            const struct wl_interface *type = event->types[argument];
            struct wl_resource *chosen = NULL;
            int start = take_byte(b);
            for (int i = 0; i < all->count && !chosen; i++) {
                struct wl_resource *candidate = all->list[(start + i) % all->count];
                if (wl_resource_get_client(candidate) == wl_resource_get_client(resource)
                    && (!type || strcmp(wl_resource_get_class(candidate), type->name) == 0)) chosen = candidate;
            }
            if (nullable && take_byte(b) % 4 == 0) chosen = NULL;
            if (!chosen && !nullable) made = false;
            a->o = (struct wl_object *)chosen;
            break;
        }
        case 'a': {
            struct wl_array *array = &arrays[array_count++];
            wl_array_init(array);
            size_t length = (take_byte(b) % 9) * 4;
            uint8_t *data = length ? wl_array_add(array, length) : NULL;
            for (size_t i = 0; data && i < length; i++) data[i] = take_byte(b);
            a->a = array;
            break;
        }
        case 'h':
            a->h = take_descriptor(b);
            if (a->h < 0) made = false;
            else descriptors[descriptor_count++] = a->h;
            break;
        default: /* 'n': an event that makes an object: not sent */
            made = false;
            break;
        }
        nullable = false;
        argument++;
    }
    if (made) wl_resource_post_event_array(resource, opcode, arguments);
    for (int i = 0; i < array_count; i++) wl_array_release(&arrays[i]);
    for (int i = 0; i < descriptor_count; i++) close(descriptors[i]);
    return made;
}

static int send_events(struct slider_scripted_compositor *c, const uint8_t *bytes, size_t count) {
    struct resources all = { .count = 0 };
    struct wl_client *client;
    wl_client_for_each(client, wl_display_get_client_list(c->display)) wl_client_for_each_resource(client, collect, &all);
    struct event_bytes b = { .bytes = bytes, .count = count };
    int sent = 0;
    for (int i = 0; i < most_events && b.next < b.count && all.count > 0; i++) {
        if (send_event(&all, all.list[take_byte(&b) % all.count], &b)) sent++;
    }
    wl_display_flush_clients(c->display);
    return sent;
}

/* MARK: The loop */

static int woken(int fd, uint32_t mask, void *data) {
    struct slider_scripted_compositor *c = data;
    char command;
    while (read(fd, &command, 1) == 1) {
        if (command == 'e') {
            /* The caller waits until the events are sent, so its bytes stay. */
            pthread_mutex_lock(&c->lock);
            const uint8_t *bytes = c->event_bytes;
            size_t count = c->event_byte_count;
            pthread_mutex_unlock(&c->lock);
            int sent = send_events(c, bytes, count);
            pthread_mutex_lock(&c->lock);
            c->sent_events = sent;
            pthread_cond_signal(&c->events_sent);
            pthread_mutex_unlock(&c->lock);
        } else if (command == 'r') {
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
    struct slider_scripted_compositor *c = data;
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

static void create_globals(struct slider_scripted_compositor *c) {
    wl_display_init_shm(c->display);
    wl_global_create(c->display, &wl_compositor_interface, 4, c, bind_compositor);
    wl_global_create(c->display, &xdg_wm_base_interface, 2, c, bind_wm_base);
    c->output_global = wl_global_create(c->display, &wl_output_interface, 2, c, bind_output);
    wl_global_create(c->display, &wl_seat_interface, 7, c, bind_seat);
    if (c->scenario == SLIDER_SCENARIO_FRACTIONAL_SCALE_ZERO || c->scenario == SLIDER_SCENARIO_FRACTIONAL_SCALE_HUGE) {
        wl_global_create(c->display, &wp_viewporter_interface, 1, c, bind_viewporter);
        wl_global_create(c->display, &wp_fractional_scale_manager_v1_interface, 1, c, bind_fractional_manager);
    }
    if (c->scenario == SLIDER_SCENARIO_TIMED_COMMITS_HELD) {
        wl_global_create(c->display, &wp_commit_timing_manager_v1_interface, 1, c, bind_timing_manager);
    }
}

struct slider_scripted_compositor *slider_scripted_compositor_start(const char *socket_path, slider_scenario scenario) {
    if (scenario < 0 || scenario >= SLIDER_SCENARIO_COUNT) return NULL;
    struct slider_scripted_compositor *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->scenario = scenario;
    c->seat_on = true;
    wl_list_init(&c->held);
    wl_list_init(&c->outputs);
    wl_list_init(&c->seats);
    wl_list_init(&c->pointers);
    wl_list_init(&c->keyboards);
    wl_list_init(&c->touches);
    wl_list_init(&c->wm_bases);
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->events_sent, NULL);
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
    c->wake_source = wl_event_loop_add_fd(c->loop, c->wake[0], WL_EVENT_READABLE, woken, c);
    c->client_created.notify = client_created;
    wl_display_add_client_created_listener(c->display, &c->client_created);
    create_globals(c);
    if (pthread_create(&c->thread, NULL, run, c) != 0) {
        wl_display_destroy(c->display);
        close(c->wake[0]);
        close(c->wake[1]);
        free(c);
        return NULL;
    }
    return c;
}

void slider_scripted_compositor_stop(struct slider_scripted_compositor *c) {
    if (!c) return;
    char quit = 'q';
    while (write(c->wake[1], &quit, 1) < 0 && errno == EINTR) {}
    pthread_join(c->thread, NULL);
    wl_display_destroy_clients(c->display);
    wl_list_remove(&c->client_created.link);
    /* A source left on the loop keeps its descriptor past wl_display_destroy. */
    if (c->wake_source) wl_event_source_remove(c->wake_source);
    wl_display_destroy(c->display);
    close(c->wake[0]);
    close(c->wake[1]);
    pthread_mutex_destroy(&c->lock);
    pthread_cond_destroy(&c->events_sent);
    free(c->frame);
    free(c);
}

int slider_scripted_compositor_send_events(struct slider_scripted_compositor *c, const uint8_t *bytes, size_t count) {
    pthread_mutex_lock(&c->lock);
    c->event_bytes = bytes;
    c->event_byte_count = count;
    c->sent_events = -1;
    pthread_mutex_unlock(&c->lock);
    char send = 'e';
    while (write(c->wake[1], &send, 1) < 0 && errno == EINTR) {}
    pthread_mutex_lock(&c->lock);
    while (c->sent_events < 0) pthread_cond_wait(&c->events_sent, &c->lock);
    int sent = c->sent_events;
    pthread_mutex_unlock(&c->lock);
    return sent;
}

static int locked_read(struct slider_scripted_compositor *c, const int *value) {
    pthread_mutex_lock(&c->lock);
    int read = *value;
    pthread_mutex_unlock(&c->lock);
    return read;
}

int slider_scripted_compositor_held_buffers(struct slider_scripted_compositor *c) { return locked_read(c, &c->held_count); }
int slider_scripted_compositor_buffer_commits(struct slider_scripted_compositor *c) { return locked_read(c, &c->buffer_commits); }
int slider_scripted_compositor_clients(struct slider_scripted_compositor *c) { return locked_read(c, &c->clients); }
int slider_scripted_compositor_clients_gone(struct slider_scripted_compositor *c) { return locked_read(c, &c->clients_gone); }
int slider_scripted_compositor_configure_sent(struct slider_scripted_compositor *c) { return locked_read(c, &c->configure_sent); }
int slider_scripted_compositor_configure_committed(struct slider_scripted_compositor *c) { return locked_read(c, &c->configure_committed); }

int slider_scripted_compositor_release_oldest(struct slider_scripted_compositor *c) {
    if (slider_scripted_compositor_held_buffers(c) == 0) return -1;
    char release = 'r';
    while (write(c->wake[1], &release, 1) < 0 && errno == EINTR) {}
    return 0;
}

int slider_scripted_compositor_last_frame(struct slider_scripted_compositor *c, uint8_t *pixels, size_t capacity, int32_t *width,
                                          int32_t *height) {
    pthread_mutex_lock(&c->lock);
    int result = -1;
    if (c->frame) {
        *width = c->frame_width;
        *height = c->frame_height;
        if ((size_t)c->frame_width * c->frame_height * 4 <= capacity) {
            memcpy(pixels, c->frame, (size_t)c->frame_width * c->frame_height * 4);
            result = 0;
        }
    }
    pthread_mutex_unlock(&c->lock);
    return result;
}
