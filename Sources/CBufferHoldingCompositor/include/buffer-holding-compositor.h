/*
 * A minimal Wayland compositor for tests, on libwayland-server, that keeps every wl_shm buffer a client
 * commits until the test releases it: the compositor a client's buffer handling must survive without
 * waiting inside a frame. It offers wl_compositor 4, wl_shm and xdg_wm_base 2; configures each toplevel
 * at once with a 0 x 0 size (the client's choice); answers frame callbacks as soon as they are committed;
 * and keeps a copy of the last committed buffer's pixels. It runs its event loop on a thread of its own.
 */
#ifndef SLIDER_BUFFER_HOLDING_COMPOSITOR_H
#define SLIDER_BUFFER_HOLDING_COMPOSITOR_H

#include <stddef.h>
#include <stdint.h>

struct slider_holding_compositor;

/* Starts the compositor listening on a new socket at socket_path and returns it; NULL when it cannot start. */
struct slider_holding_compositor *slider_holding_compositor_start(const char *socket_path);

/* Stops the compositor (disconnecting its clients) and frees it. */
void slider_holding_compositor_stop(struct slider_holding_compositor *compositor);

/* Buffers committed and not yet released. */
int slider_holding_compositor_held_buffers(struct slider_holding_compositor *compositor);

/* Commits that attached a buffer, so far. */
int slider_holding_compositor_buffer_commits(struct slider_holding_compositor *compositor);

/* Releases the buffer held longest (wl_buffer.release); returns 0, or -1 when none is held. */
int slider_holding_compositor_release_oldest(struct slider_holding_compositor *compositor);

/* Copies the last committed buffer's pixels (ARGB8888, rows of width * 4 bytes) into pixels, which holds
 * capacity bytes, and sets width and height; returns 0, or -1 when none was committed or it does not fit. */
int slider_holding_compositor_last_frame(struct slider_holding_compositor *compositor, uint8_t *pixels, size_t capacity,
                                         int32_t *width, int32_t *height);

#endif
