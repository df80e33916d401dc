/*
 * A small Wayland compositor for tests, on libwayland-server, that plays one scenario: a well-behaved
 * compositor, one that holds every buffer until the test releases it, or one that sends what a real
 * compositor may send wrong (sizes, scales, keymaps, events after the client let go of an object, a flood of
 * pings, its connection closed mid-commit). It offers wl_compositor 4, wl_shm, xdg_wm_base 2, wl_output 2,
 * wl_seat 7 (pointer, keyboard, touch), wp_viewporter and wp_fractional_scale_manager_v1 (and in one scenario
 * wp_commit_timing_manager_v1); configures each
 * toplevel at once; answers frame callbacks at each commit; and keeps a copy of the last committed wl_shm
 * buffer's pixels. It runs its event loop on a thread of its own.
 */
#ifndef SLIDER_SCRIPTED_COMPOSITOR_H
#define SLIDER_SCRIPTED_COMPOSITOR_H

#include <stddef.h>
#include <stdint.h>

/* What the compositor does, besides what every scenario does. */
typedef enum {
    /* Releases each buffer when the next is committed; configures 0 x 0 (the client's size); scale 1. */
    SLIDER_SCENARIO_WELL_BEHAVED,
    /* Keeps every buffer until slider_scripted_compositor_release_oldest. */
    SLIDER_SCENARIO_HOLD_BUFFERS,
    /* Configures the toplevel, at first and after each of the first frames, with 1 x 1, 2^31 - 1 a side,
     * -400 x -84, or 16384 x 16384 (sides a window may have; 2^28 pixels, a 1 GiB buffer, at scale 1). */
    SLIDER_SCENARIO_CONFIGURE_ONE,
    SLIDER_SCENARIO_CONFIGURE_HUGE,
    SLIDER_SCENARIO_CONFIGURE_NEGATIVE,
    SLIDER_SCENARIO_CONFIGURE_PAST_PIXEL_AREA,
    /* Its output's wl_output.scale is 0, or 1000; the surface enters it at its first commit. */
    SLIDER_SCENARIO_OUTPUT_SCALE_ZERO,
    SLIDER_SCENARIO_OUTPUT_SCALE_HUGE,
    /* wp_fractional_scale_v1.preferred_scale of 0, or of 2^24 (in 120ths). */
    SLIDER_SCENARIO_FRACTIONAL_SCALE_ZERO,
    SLIDER_SCENARIO_FRACTIONAL_SCALE_HUGE,
    /* The keyboard's keymap (xkb_v1): a size four times the file's; a pipe (no mmap); text without a NUL
     * within its size; an empty file with size 0. */
    SLIDER_SCENARIO_KEYMAP_PAST_ITS_FILE,
    SLIDER_SCENARIO_KEYMAP_NOT_MAPPABLE,
    SLIDER_SCENARIO_KEYMAP_UNTERMINATED,
    SLIDER_SCENARIO_KEYMAP_EMPTY,
    /* Never answers a frame callback. */
    SLIDER_SCENARIO_FRAME_CALLBACKS_WITHHELD,
    /* After the first frame configures the toplevel 500 x 100, and answers frame callbacks only once the
     * last configure's acknowledgement is committed (sway holds a window's callbacks while it waits for the
     * commit of a new state, up to its 200 ms transaction timeout; this compositor, for ever). */
    SLIDER_SCENARIO_CALLBACKS_HELD_FOR_CONFIGURE,
    /* Releases each buffer as it is attached (before it is shown) and again at its commit. */
    SLIDER_SCENARIO_RELEASES_UNASKED,
    /* 1000 xdg_wm_base.ping at each commit. */
    SLIDER_SCENARIO_PING_STORM,
    /* Closes the client's connection at its first commit of a buffer. */
    SLIDER_SCENARIO_CLOSE_MID_COMMIT,
    /* At the first commit of a buffer: wl_surface.leave, then the output's global is removed. */
    SLIDER_SCENARIO_OUTPUT_REMOVED,
    /* The same, and at once a new output's global of scale 2 (a screen unplugged and plugged back): the
     * client's surfaces enter it as the client binds it, and the old output too (an object the client let go
     * of, which the client's library drops). */
    SLIDER_SCENARIO_OUTPUT_RETURNS,
    /* At each commit the seat's capabilities flip between all three and none; pointer and touch events
     * follow each flip, so some reach objects the client has just released. */
    SLIDER_SCENARIO_SEAT_TOGGLED,
    /* Offers wp_commit_timing_manager_v1 and holds each commit with a target time (its buffer not shown nor
     * released, its frame callbacks unanswered) until the surface's next commit with one, which applies it
     * first; a commit without one waits behind any held (mutter 48 can leave a timed commit unapplied until
     * another timed commit gives its frame clock a time again). */
    SLIDER_SCENARIO_TIMED_COMMITS_HELD,
    SLIDER_SCENARIO_COUNT
} slider_scenario;

struct slider_scripted_compositor;

/* Starts the compositor playing scenario, listening on a new socket at socket_path; NULL when it cannot. */
struct slider_scripted_compositor *slider_scripted_compositor_start(const char *socket_path, slider_scenario scenario);

/* Stops the compositor (disconnecting its clients) and frees it. */
void slider_scripted_compositor_stop(struct slider_scripted_compositor *compositor);

/* Buffers committed and not yet released (SLIDER_SCENARIO_HOLD_BUFFERS). */
int slider_scripted_compositor_held_buffers(struct slider_scripted_compositor *compositor);

/* Commits that attached a buffer, so far. */
int slider_scripted_compositor_buffer_commits(struct slider_scripted_compositor *compositor);

/* Clients that connected, and those whose connection has ended, so far. */
int slider_scripted_compositor_clients(struct slider_scripted_compositor *compositor);
int slider_scripted_compositor_clients_gone(struct slider_scripted_compositor *compositor);

/* The serial of the last xdg_surface.configure sent (0: none), and the last acknowledged serial that a
 * wl_surface.commit applied (0: none). */
int slider_scripted_compositor_configure_sent(struct slider_scripted_compositor *compositor);
int slider_scripted_compositor_configure_committed(struct slider_scripted_compositor *compositor);

/* Releases the buffer held longest (wl_buffer.release); returns 0, or -1 when none is held. */
int slider_scripted_compositor_release_oldest(struct slider_scripted_compositor *compositor);

/* Sends the clients events made from bytes, on the compositor's thread, and returns once they are sent:
 * each is an event of a live object's interface, as the interface's signature (the protocol XML's) has it,
 * its arguments drawn from the bytes (integers at and past their edges, strings empty, long or absent,
 * objects of the named interface or none, arrays, descriptors of files, pipes and /dev/null). No wl_display
 * events and none that create objects. At most 64 events; returns how many were sent. */
int slider_scripted_compositor_send_events(struct slider_scripted_compositor *compositor, const uint8_t *bytes, size_t count);

/* Sets width and height to the last committed wl_shm buffer's and copies its pixels (ARGB8888, rows of
 * width * 4 bytes) into pixels, which holds capacity bytes; returns 0, or -1 when it does not fit (width and
 * height still say what would) or none was committed (they are left as they were). */
int slider_scripted_compositor_last_frame(struct slider_scripted_compositor *compositor, uint8_t *pixels, size_t capacity,
                                          int32_t *width, int32_t *height);

#endif
