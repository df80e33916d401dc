/*
 * waylandslider.h: WaylandSlider's C API.
 *
 * Sliders (track, thumb, shadows, ticks, value popup, labels, two-thumb ranges) for programs that own their
 * window, GL context and event loop. Two ways in:
 *
 *  - ws_subsurface: the sliders get a desynchronized wl_subsurface of one of your wl_surfaces, on your
 *    wl_display but with an event queue, EGL surface and seat devices of their own. Pointer and touch input
 *    the compositor sends to the subsurface reaches the sliders; a changed slider commits only the
 *    subsurface, so your window never redraws for it.
 *  - ws_canvas: the sliders are drawn into a framebuffer of yours, in your current GLES2 context, where you
 *    say; you feed them input and redraw when they ask.
 *
 * Build with: cc app.c $(pkg-config --cflags --libs waylandslider)
 *
 * Errors: every call that can fail returns a ws_status; WS_OK is 0. ws_last_error() describes the last
 * failure on the calling thread. No call aborts the program on bad input: NULL handles, non-finite numbers
 * and out-of-range values return WS_ERROR_INVALID_ARGUMENT.
 *
 * Files: text is drawn from the fontconfig match for "sans-serif". Each glyph's distance field is kept in
 * $XDG_CACHE_HOME/waylandslider (~/.cache/waylandslider) after it is first rendered, so later starts skip
 * FreeType; a cache that cannot be read or written is ignored.
 *
 * Threads: a slider, subsurface or canvas, and every slider added to one, belongs to the thread that created
 * it; call nothing on it from another thread. Callbacks run on that thread, inside the call that caused them
 * (ws_subsurface_dispatch, a ws_canvas input call, ws_canvas_fire_timers). A callback may read and set
 * slider values; it must not destroy the slider, subsurface or canvas it was called from.
 */
#ifndef WAYLANDSLIDER_H
#define WAYLANDSLIDER_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct wl_display;
struct wl_surface;

/* Results. */
typedef enum ws_status {
    WS_OK = 0,
    /* A NULL handle or out pointer, a non-finite number, a value out of its documented range. */
    WS_ERROR_INVALID_ARGUMENT = 1,
    /* The compositor lacks something (wl_subcompositor, wl_compositor 4), or the connection failed. */
    WS_ERROR_WAYLAND = 2,
    /* EGL or GL failed, no context is current, or another context than the canvas's is. */
    WS_ERROR_RENDERER = 3,
} ws_status;

/* What the last failed call on this thread said went wrong (UTF-8, valid until the next failing call on
 * this thread); "" when none failed yet. */
const char *ws_last_error(void);

/* ---- Sliders ---------------------------------------------------------------------------------------- */

typedef struct ws_slider ws_slider;

/* Style presets. */
typedef enum ws_style {
    WS_STYLE_IOS_LIGHT = 0,
    WS_STYLE_IOS_DARK = 1,
    WS_STYLE_MATERIAL_LIGHT = 2,
    WS_STYLE_MATERIAL_DARK = 3,
} ws_style;

/* A step boundary was crossed (a detent: play a click or a light haptic here). */
typedef struct ws_step_event {
    int thumb;       /* 0, or 1 for the upper thumb of a range slider */
    int direction;   /* +1 toward the maximum, -1 toward the minimum */
    int count;       /* boundaries this event stands for: 1, or more when merged by the rate budget */
    double value;    /* the value when the event fired */
    double boundary; /* the last boundary crossed */
    double speed;    /* value units per second over the merged crossings (0 when unknown) */
    double time;     /* input time in seconds */
} ws_step_event;

typedef void (*ws_value_changed_callback)(ws_slider *slider, double value, void *user_data);
/* editing is true when a gesture or adjustment began, false when it ended. */
typedef void (*ws_editing_callback)(ws_slider *slider, bool editing, void *user_data);
typedef void (*ws_step_callback)(ws_slider *slider, const ws_step_event *step, void *user_data);

/* A slider from 0 to 1 at 0; range: two thumbs, at 0 and 1. */
ws_status ws_slider_create(bool range, ws_slider **out);
/* Releases the handle and its callbacks. A slider still added to a subsurface or canvas stays there, without
 * callbacks, until removed or until that is destroyed. NULL is ignored. */
void ws_slider_destroy(ws_slider *slider);

/* Where the slider is: points in its subsurface or canvas, (0, 0) top-left. Width and height >= 0. */
ws_status ws_slider_set_frame(ws_slider *slider, double x, double y, double width, double height);
/* minimum < maximum; the values are pinned into the new bounds. */
ws_status ws_slider_set_bounds(ws_slider *slider, double minimum, double maximum);
/* Pinned into the bounds and onto the steps; reports no callbacks. */
ws_status ws_slider_set_value(ws_slider *slider, double value);
/* Thumb 1 is a range slider's upper thumb. */
ws_status ws_slider_set_thumb_value(ws_slider *slider, int thumb, double value);
/* The (lower) thumb's value; NAN for a NULL slider. */
double ws_slider_get_value(const ws_slider *slider);
/* Thumb 1 is a range slider's upper thumb; NAN for a NULL slider or another thumb. */
double ws_slider_get_thumb_value(const ws_slider *slider, int thumb);
/* The distance between values; 0 makes the slider continuous. */
ws_status ws_slider_set_step(ws_slider *slider, double step);
ws_status ws_slider_set_style(ws_slider *slider, ws_style style);
/* The name shown before the track and read by screen readers (UTF-8); NULL or "" removes it. */
ws_status ws_slider_set_label(ws_slider *slider, const char *label);
ws_status ws_slider_set_enabled(ws_slider *slider, bool enabled);

/* One callback of each kind per slider; NULL removes it. */
ws_status ws_slider_set_value_changed_callback(ws_slider *slider, ws_value_changed_callback callback, void *user_data);
ws_status ws_slider_set_editing_callback(ws_slider *slider, ws_editing_callback callback, void *user_data);
ws_status ws_slider_set_step_callback(ws_slider *slider, ws_step_callback callback, void *user_data);

/* ---- Subsurface embedding ------------------------------------------------------------------------------ */

typedef struct ws_subsurface ws_subsurface;

/* A subsurface of parent (a wl_surface of yours on display) at x, y, width x height in parent's surface
 * points, drawn at your integer buffer scale (1...16). display and parent must outlive it. The first frame
 * is drawn by the first ws_subsurface_dispatch; commit parent after it: a subsurface's place is the parent's
 * state, and weston 10 shows a new subsurface (and sends it frame callbacks) only from the parent's next
 * commit. Makes and uses its own EGL context; the context current before any of its calls is current again
 * after. */
ws_status ws_subsurface_create(struct wl_display *display, struct wl_surface *parent, double x, double y, double width,
                               double height, int scale, ws_subsurface **out);
/* Destroys the subsurface; its sliders are released. NULL is ignored. */
void ws_subsurface_destroy(ws_subsurface *subsurface);
/* A slider is in at most one subsurface or canvas at a time. */
ws_status ws_subsurface_add_slider(ws_subsurface *subsurface, ws_slider *slider);
ws_status ws_subsurface_remove_slider(ws_subsurface *subsurface, ws_slider *slider);
/* Moves and resizes: a move shows when you next commit the parent surface, a new size with the next frame. */
ws_status ws_subsurface_set_frame(ws_subsurface *subsurface, double x, double y, double width, double height);
ws_status ws_subsurface_set_scale(ws_subsurface *subsurface, int scale);
/* The background behind the sliders, straight-alpha RGBA 0...1 (default transparent: your window shows). */
ws_status ws_subsurface_set_background(ws_subsurface *subsurface, double red, double green, double blue, double alpha);
/* The display's socket (yours: your loop already polls it); -1 for NULL. */
int ws_subsurface_get_fd(const ws_subsurface *subsurface);
/* Milliseconds until a timer (held-back step events) is due, -1 when none is (or for NULL); 0 while events
 * another reader of the display (your loop, another subsurface) queued for the subsurface wait. */
int ws_subsurface_get_timeout(const ws_subsurface *subsurface);
/* Dispatches the sliders' event queue and draws what changed: waits up to timeout_ms (0: not at all, -1:
 * until something happens). Call it each time your loop wakes: the fd was readable, the timeout passed,
 * or you dispatched your own queue (both queues read the same socket). */
ws_status ws_subsurface_dispatch(ws_subsurface *subsurface, int timeout_ms);
/* Frames committed so far (for measuring); 0 for NULL. */
uint64_t ws_subsurface_get_frame_count(const ws_subsurface *subsurface);

/* How a subsurface's frames reach the compositor, chosen when it is created: wl_shm buffers drawn in software
 * when GL renders in software (Mesa's llvmpipe), else an EGL window surface; WAYLAND_SLIDER_PRESENTATION=egl
 * or shm chooses instead (another value makes ws_subsurface_create fail with WS_ERROR_INVALID_ARGUMENT). */
typedef enum ws_presentation {
    WS_PRESENTATION_EGL_WINDOW = 0,
    WS_PRESENTATION_SHM = 1,
} ws_presentation;

/* Sets *out to the subsurface's presentation. */
ws_status ws_subsurface_get_presentation(const ws_subsurface *subsurface, ws_presentation *out);

/* ---- Drawing into your GL framebuffer ------------------------------------------------------------------- */

typedef struct ws_canvas ws_canvas;

typedef void (*ws_redraw_callback)(ws_canvas *canvas, void *user_data);

/* Compiles its shaders in the current EGL context (GLES2 or later, GL_OES_standard_derivatives), in which it
 * must also draw and be destroyed. */
ws_status ws_canvas_create(ws_canvas **out);
void ws_canvas_destroy(ws_canvas *canvas);
ws_status ws_canvas_add_slider(ws_canvas *canvas, ws_slider *slider);
ws_status ws_canvas_remove_slider(ws_canvas *canvas, ws_slider *slider);
/* Draws every slider over framebuffer (0: the window's) in the viewport x, y, width x height (device pixels,
 * as glViewport takes them: x, y from the bottom-left), at scale device pixels per point (0 < scale <= 16).
 * Nothing is cleared. GL state put back afterwards: framebuffer binding, viewport, scissor, blend, depth,
 * stencil, cull-face and alpha-to-coverage enables, blend functions and equations, colour mask, program,
 * active texture and unit 0's 2D texture, array and element array buffers, vertex attributes 0...4,
 * GL_UNPACK_ALIGNMENT. Not changed: clear colour, depth and stencil state, scissor box, other units. */
ws_status ws_canvas_draw(ws_canvas *canvas, uint32_t framebuffer, int x, int y, int width, int height, double scale);
/* True when a slider changed or animates since the last draw (false for NULL). */
bool ws_canvas_needs_display(ws_canvas *canvas);
/* Called when input changed a slider, or after a draw while an animation runs: schedule a redraw. */
ws_status ws_canvas_set_redraw_callback(ws_canvas *canvas, ws_redraw_callback callback, void *user_data);
/* Milliseconds until held-back step events are due, -1 when none are; call ws_canvas_fire_timers then. */
int ws_canvas_get_timeout(const ws_canvas *canvas);
ws_status ws_canvas_fire_timers(ws_canvas *canvas);

/* Input for a canvas, as your wl_pointer / wl_touch / wl_keyboard listeners receive it: positions in the
 * canvas's points ((0, 0) at the top-left of the viewport it is drawn into), times in the compositor's
 * milliseconds (events without one, as in Wayland, take the last event's). End each group of pointer events
 * with ws_canvas_pointer_frame and of touch events with ws_canvas_touch_frame, as Wayland does. */
ws_status ws_canvas_pointer_enter(ws_canvas *canvas, double x, double y);
ws_status ws_canvas_pointer_leave(ws_canvas *canvas);
ws_status ws_canvas_pointer_motion(ws_canvas *canvas, uint32_t time, double x, double y);
/* button: linux/input-event-codes.h (BTN_LEFT 0x110). */
ws_status ws_canvas_pointer_button(ws_canvas *canvas, uint32_t time, uint32_t button, bool pressed);
/* Wheel notches: positive down / right. */
ws_status ws_canvas_pointer_wheel(ws_canvas *canvas, uint32_t time, bool horizontal, int notches);
ws_status ws_canvas_pointer_frame(ws_canvas *canvas);
ws_status ws_canvas_touch_down(ws_canvas *canvas, uint32_t time, int32_t id, double x, double y);
ws_status ws_canvas_touch_motion(ws_canvas *canvas, uint32_t time, int32_t id, double x, double y);
ws_status ws_canvas_touch_up(ws_canvas *canvas, uint32_t time, int32_t id);
ws_status ws_canvas_touch_frame(ws_canvas *canvas);
ws_status ws_canvas_touch_cancel(ws_canvas *canvas);
/* keysym: xkbcommon's (XKB_KEY_Right 0xff53, XKB_KEY_Tab 0xff09, ...). Keys go to the focused slider: Tab
 * focuses the next one, a click or touch the one it lands on. */
ws_status ws_canvas_key(ws_canvas *canvas, uint32_t time, uint32_t keysym, bool pressed);

#ifdef __cplusplus
}
#endif

#endif /* WAYLANDSLIDER_H */
