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
 * Build with: cc app.c $(pkg-config --cflags --libs waylandslider), which links wayland-client,
 * wayland-egl, EGL and GLESv2 too. A host with a window of its own generates xdg-shell's glue with
 * wayland-scanner from wayland-protocols' stable/xdg-shell/xdg-shell.xml (client-header and private-code, as
 * Examples/build.sh does) and compiles it in.
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
#include <stddef.h>
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
    /* The haptics device asked for cannot play: no feedbackd with the Haptic interface on the session bus, or
     * a path that is no event device with force feedback. */
    WS_ERROR_HAPTICS = 4,
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
/* Gives the slider every setting of a slider description (SliderDescription in Swift, one slider of a panel
 * file): a JSON object under the panel file's keys, UTF-8, at most 64 KiB:
 *     {"id": "bass", "range": [20, 20000], "value": 200, "value-scale": "logarithmic", "key-step": 10}
 * What it leaves out takes the default (a formatter set here is replaced by "decimals" and "unit"); the
 * colours, sizes and callbacks of other calls stay. "id" is required (a screen reader reads "label", or it);
 * "thumbs" must be the slider's own; "end-images" is refused (register the files and use
 * ws_slider_set_end_image). A description with a problem, an unknown key included, changes nothing:
 * WS_ERROR_INVALID_ARGUMENT, its message naming the key ("ws_slider_apply_description: key-step: ..."). */
ws_status ws_slider_apply_description(ws_slider *slider, const char *json);

/* The per-property calls below stay for the programs built with them; their list is closed. A setting added
 * to slider descriptions later reaches C through ws_slider_apply_description only. */

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

/* ---- Values and behaviour ---------------------------------------------------------------------------- */

/* When a stepped slider's value is put on its steps. */
typedef enum ws_snap_mode {
    WS_SNAP_NEVER = 0,      /* never: the steps only set key, wheel and step-feedback increments */
    WS_SNAP_ALWAYS = 1,     /* at every change, while dragging too (the default) */
    WS_SNAP_ON_RELEASE = 2, /* when the gesture ends; the thumb eases onto the step over 0.1 s */
} ws_snap_mode;

/* count evenly spaced values from the minimum to the maximum, both included (count >= 2); 0 makes the
 * slider continuous. */
ws_status ws_slider_set_discrete_values(ws_slider *slider, int count);
ws_status ws_slider_set_snap_mode(ws_slider *slider, ws_snap_mode mode);
/* The neutral value the fill grows from (0 on a -10 to 10 balance); NAN removes it (the fill grows from the
 * minimum). Any other non-finite value is refused. */
ws_status ws_slider_set_anchor_value(ws_slider *slider, double anchor);
/* The smallest gap kept between a range slider's thumbs, in value units (>= 0); refused on one thumb. */
ws_status ws_slider_set_minimum_separation(ws_slider *slider, double separation);
/* How values spread along the track. The thumb and the ticks move in the scale's space; steps, the popup, the
 * callbacks and screen readers count in values; the minimum and the maximum stay at the two ends exactly. */
typedef enum ws_value_scale {
    WS_SCALE_LINEAR = 0,      /* equal distances, equal differences (the default) */
    WS_SCALE_LOGARITHMIC = 1, /* equal distances, equal ratios (frequencies, gains); the minimum must be > 0 */
    WS_SCALE_POWER = 2,       /* value = minimum + range * position^exponent (3: PipeWire's cubic volume) */
} ws_value_scale;

/* exponent: WS_SCALE_POWER's (finite, > 0); ignored for the others. */
ws_status ws_slider_set_value_scale(ws_slider *slider, ws_value_scale scale, double exponent);
/* One direction of an application's own scale: a fraction of the range (0 at the minimum, 1 at the
 * maximum) to a position on the track (0 to 1), or back. */
typedef double (*ws_scale_function)(double x, void *user_data);
/* The application's own scale: position and fraction increasing and each other's inverse; what they return
 * is clamped to 0 to 1 (NaN reads as 0), and they are called only between the ends. NULL for both: linear. */
ws_status ws_slider_set_custom_value_scale(ws_slider *slider, ws_scale_function position, ws_scale_function fraction,
                                           void *user_data);
/* The arrow keys' and the wheel's step, and Page Up / Page Down's, in values (finite, > 0; 0: the automatic
 * ones: the step or 1 % of the range, and about 10 %). On a stepped slider, taken as whole steps. */
ws_status ws_slider_set_keyboard_step(ws_slider *slider, double step);
ws_status ws_slider_set_page_step(ws_slider *slider, double step);
/* As ws_slider_set_thumb_value; animated: the thumb moves there over 0.15 s (at once with reduced motion). */
ws_status ws_slider_set_thumb_value_animated(ws_slider *slider, int thumb, double value, bool animated);
/* false: the value-changed callback runs only when a gesture ends (UISlider's isContinuous). Default true. */
ws_status ws_slider_set_continuous(ws_slider *slider, bool continuous);
/* The shortest time between two value-changed callbacks during a gesture, in seconds (finite, >= 0; 0:
 * every change). The final value is always reported when the gesture ends. */
ws_status ws_slider_set_value_change_interval(ws_slider *slider, double seconds);
/* true: no animations (value changes, the popup's fade, the snap on release). */
ws_status ws_slider_set_reduces_motion(ws_slider *slider, bool reduces);

/* ---- Layout and look ---------------------------------------------------------------------------------- */

typedef enum ws_orientation {
    WS_ORIENTATION_HORIZONTAL = 0, /* minimum at the leading end */
    WS_ORIENTATION_VERTICAL = 1,   /* minimum at the bottom */
} ws_orientation;

/* The reading direction around the slider: right-to-left puts a horizontal slider's minimum on the right. */
typedef enum ws_layout_direction {
    WS_LAYOUT_LEFT_TO_RIGHT = 0,
    WS_LAYOUT_RIGHT_TO_LEFT = 1,
} ws_layout_direction;

/* When a stepped slider draws its tick marks (steps closer than 6 pt show every 2nd, 5th, 10th, 20th ...
 * step's tick; both ends always show). */
typedef enum ws_tick_visibility {
    WS_TICKS_NEVER = 0,
    WS_TICKS_ALWAYS = 1,
    WS_TICKS_WHILE_DRAGGING = 2,
} ws_tick_visibility;

ws_status ws_slider_set_orientation(ws_slider *slider, ws_orientation orientation);
ws_status ws_slider_set_layout_direction(ws_slider *slider, ws_layout_direction direction);
/* true: the minimum is at the other end. */
ws_status ws_slider_set_inverted(ws_slider *slider, bool inverted);
/* The next five change the slider's style: ws_slider_set_style afterwards puts the preset's back. */
ws_status ws_slider_set_tick_visibility(ws_slider *slider, ws_tick_visibility visibility);
/* true: a bubble shows the value while a thumb is dragged (the Material styles' default). */
ws_status ws_slider_set_value_popup(ws_slider *slider, bool shown);
/* true: the value popup (when shown) stays at all times, a value label over each thumb; false: only while
 * dragging (the default). */
ws_status ws_slider_set_value_label_always_shown(ws_slider *slider, bool always);
/* The track's thickness and the thumb's diameter in points (finite, > 0, at most 1000). */
ws_status ws_slider_set_track_thickness(ws_slider *slider, double points);
ws_status ws_slider_set_thumb_diameter(ws_slider *slider, double points);

/* ---- Colours ----------------------------------------------------------------------------------------------- */

/* A colour: red, green, blue and alpha from 0 to 1, alpha not premultiplied. */
typedef struct ws_color {
    double red, green, blue, alpha;
} ws_color;

/* The states a slider is drawn in. */
typedef enum ws_control_state {
    WS_STATE_NORMAL = 0,
    WS_STATE_HIGHLIGHTED = 1, /* a thumb is held */
    WS_STATE_FOCUSED = 2,     /* it has the keyboard */
    WS_STATE_DISABLED = 3,
} ws_control_state;

/* The colour of each part of a slider in one state. */
typedef struct ws_slider_colors {
    ws_color minimum_track;   /* the track from the minimum (or the anchor) to the thumb */
    ws_color maximum_track;   /* the rest of the track */
    ws_color thumb;
    ws_color filled_tick;     /* tick marks over the filled part */
    ws_color background_tick; /* tick marks over the rest */
    ws_color image;           /* the tint of the end images and symbols */
    ws_color focus_ring;      /* the ring around a thumb that has the keyboard */
} ws_slider_colors;

/* The colours the slider's style gives state (a state without its own uses the normal ones), before a
 * disabled slider is dimmed. */
ws_status ws_slider_get_colors(const ws_slider *slider, ws_control_state state, ws_slider_colors *out);
/* Sets state's colours (every component finite, 0 to 1); NULL makes a state other than normal use the normal
 * colours again. ws_slider_set_style afterwards puts the preset's back. */
ws_status ws_slider_set_colors(ws_slider *slider, ws_control_state state, const ws_slider_colors *colors);
/* The opacity a disabled slider is drawn at, as one group (0 to 1; the iOS styles use 0.3). */
ws_status ws_slider_set_disabled_alpha(ws_slider *slider, double alpha);

/* ---- Step feedback ------------------------------------------------------------------------------------------ */

/* Where the step callback fires. */
typedef enum ws_detents {
    WS_DETENTS_AT_STEPS = 0,  /* the slider's own steps (none on a continuous slider): the default */
    WS_DETENTS_EVERY = 1,     /* every `interval` from the minimum (every 10 % of a volume slider) */
    WS_DETENTS_AT_VALUES = 2, /* at `count` given values (order and repeats do not matter) */
    WS_DETENTS_NONE = 3,
} ws_detents;

typedef struct ws_step_feedback {
    ws_detents detents;
    double interval;         /* WS_DETENTS_EVERY: the spacing, finite and > 0 */
    const double *values;    /* WS_DETENTS_AT_VALUES: count finite values */
    size_t count;
    double hysteresis;       /* how far past a detent, as a fraction of the detents' spacing (0 to 0.49), the value
                              * must go before the same detent fires again: no chatter on a finger at rest */
    double minimum_interval; /* the shortest time between two step callbacks in seconds (finite, >= 0); crossings
                              * faster than that merge into one callback with a count */
    bool fires_limits;       /* whether the limit callback runs at the ends */
} ws_step_feedback;

/* The defaults: at the slider's steps, hysteresis 0.25, at most 30 callbacks a second, limits on. */
#define WS_STEP_FEEDBACK_DEFAULT {WS_DETENTS_AT_STEPS, 0, NULL, 0, 0.25, 1.0 / 30, true}

ws_status ws_slider_set_step_feedback(ws_slider *slider, const ws_step_feedback *feedback);

/* ---- End images ---------------------------------------------------------------------------------------- */

/* The ends of the track (UISlider's minimumValueImage and maximumValueImage): the track shortens to make
 * room for an image there. */
typedef enum ws_track_end {
    WS_END_MINIMUM = 0,
    WS_END_MAXIMUM = 1,
} ws_track_end;

/* Built-in vector symbols, drawn in the track's colour at any scale. */
typedef enum ws_symbol {
    WS_SYMBOL_SPEAKER_QUIET = 0,
    WS_SYMBOL_SPEAKER_LOUD = 1,
    WS_SYMBOL_SUN_SMALL = 2,
    WS_SYMBOL_SUN_LARGE = 3,
    WS_SYMBOL_MINUS = 4,
    WS_SYMBOL_PLUS = 5,
} ws_symbol;

ws_status ws_slider_set_end_symbol(ws_slider *slider, ws_track_end end, ws_symbol symbol);
/* An image registered under image_id with the subsurface or canvas the slider is drawn in
 * (ws_subsurface_register_image_png and the like); an id nothing is registered under draws nothing there. */
ws_status ws_slider_set_end_image(ws_slider *slider, ws_track_end end, uint32_t image_id);
/* No image at that end: the track takes its room back. */
ws_status ws_slider_remove_end_image(ws_slider *slider, ws_track_end end);

/* ---- Text ------------------------------------------------------------------------------------------------ */

/* Writes the text for value into buffer (size bytes, NUL included, UTF-8) and returns the length of the
 * whole text, as snprintf does; a longer text than fits is asked for again with room for it (up to 4096
 * bytes). */
typedef size_t (*ws_format_callback)(ws_slider *slider, double value, char *buffer, size_t size, void *user_data);

/* The text the value popup shows and a screen reader speaks for each value; NULL: the built-in decimals
 * (as many as the step needs, or enough to show a hundredth of a continuous slider's range: "0.50" on 0 to
 * 1; never "0.30000000000000004"). */
ws_status ws_slider_set_formatter(ws_slider *slider, ws_format_callback formatter, void *user_data);
/* A thumb's value as text, the formatter's: copied into buffer (size bytes, NUL-terminated, cut at a UTF-8
 * character boundary when it does not fit); *length (may be NULL) gets the whole text's length in bytes.
 * buffer may be NULL when size is 0. */
ws_status ws_slider_get_value_text(const ws_slider *slider, int thumb, char *buffer, size_t size, size_t *length);
/* What operating the slider does, read by screen readers after the label (UTF-8); NULL or "" removes it. */
ws_status ws_slider_set_accessibility_hint(ws_slider *slider, const char *hint);

/* ---- More callbacks ------------------------------------------------------------------------------------- */

/* A thumb moved by the user reached an end of the track (play a stronger detent here). */
typedef struct ws_limit_event {
    int thumb;           /* 0, or 1 for the upper thumb of a range slider */
    int end;             /* -1 the minimum, +1 the maximum */
    double impact_speed; /* value units per second when it got there */
    double time;         /* input time in seconds */
} ws_limit_event;

typedef void (*ws_limit_callback)(ws_slider *slider, const ws_limit_event *limit, void *user_data);
/* A gesture was cancelled (the compositor took the touch): the values went back to where editing began. */
typedef void (*ws_cancel_callback)(ws_slider *slider, void *user_data);

ws_status ws_slider_set_limit_callback(ws_slider *slider, ws_limit_callback callback, void *user_data);
ws_status ws_slider_set_cancel_callback(ws_slider *slider, ws_cancel_callback callback, void *user_data);

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
/* Registers an image under id (replacing one registered before) for ws_slider_set_end_image: a PNG file,
 * or width x height pixels of 8-bit R, G, B, A with straight (not premultiplied) alpha, rows stride bytes
 * apart (stride >= width * 4), top row first. Sides 1 to 512 (a PNG's are read from its header, before its
 * pixels); the images and the labels' glyphs share one 1024 x 1024 atlas, and an image it has no room for is
 * refused. */
ws_status ws_subsurface_register_image_png(ws_subsurface *subsurface, uint32_t id, const char *path);
ws_status ws_subsurface_register_image_rgba(ws_subsurface *subsurface, uint32_t id, int width, int height, int stride,
                                            const uint8_t *pixels);
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
/* Publishes the subsurface's sliders on the AT-SPI accessibility bus (screen readers, UI test drivers): the
 * application app_id (your program's id, not empty) with one frame named title (UTF-8; NULL: app_id) whose
 * children are the sliders, their extents in the subsurface's points. bus_address: the D-Bus session bus
 * whose org.a11y.Bus to use; NULL: found as a window finds it (AT_SPI_BUS_ADDRESS, else the session bus of
 * DBUS_SESSION_BUS_ADDRESS). *published (may be NULL) is false when no accessibility bus runs. Once
 * published, poll ws_subsurface_get_accessibility_fd for reading beside ws_subsurface_get_fd:
 * ws_subsurface_dispatch answers the bus. Published once: later calls change nothing. */
ws_status ws_subsurface_publish_accessibility(ws_subsurface *subsurface, const char *app_id, const char *title,
                                              const char *bus_address, bool *published);
/* The accessibility bus's socket, -1 when not published (or for NULL). */
int ws_subsurface_get_accessibility_fd(const ws_subsurface *subsurface);

/* How a subsurface's frames reach the compositor, chosen when it is created: wl_shm buffers drawn in software
 * when GL renders in software (Mesa's llvmpipe), else an EGL window surface; WAYLAND_SLIDER_PRESENTATION=egl
 * or shm chooses instead (another value makes ws_subsurface_create fail with WS_ERROR_INVALID_ARGUMENT). */
typedef enum ws_presentation {
    WS_PRESENTATION_EGL_WINDOW = 0,
    WS_PRESENTATION_SHM = 1,
} ws_presentation;

/* Sets *out to the subsurface's presentation. */
ws_status ws_subsurface_get_presentation(const ws_subsurface *subsurface, ws_presentation *out);

typedef struct ws_canvas ws_canvas;

/* ---- Haptics ------------------------------------------------------------------------------------------- */

/* What plays the vibration behind the step and limit callbacks. */
typedef enum ws_haptics_device {
    /* Asked for: feedbackd when the session bus has it with the Haptic interface, else the first event device
     * udev tags as a vibrator (FEEDBACKD_TYPE=vibra) with force feedback, else nothing, silently. Reported by
     * the _get_haptics_device calls: nothing plays (haptics off, or nothing found). */
    WS_HAPTICS_AUTOMATIC = 0,
    /* feedbackd (org.sigxcpu.Feedback.Haptic.Vibrate on the session bus; feedbackd 0.6 or later), which
     * applies the user's feedback profile. */
    WS_HAPTICS_FEEDBACKD = 1,
    /* The kernel event device at evdev_path (rumble or periodic force feedback), opened directly. */
    WS_HAPTICS_EVDEV = 2,
} ws_haptics_device;

/* A pulse for every step callback (crossings merged by the step feedback's rate budget play once) and a
 * stronger one for every limit callback. Strengths are 0 to 1 and durations 1 to 10000 ms (feedbackd's
 * limits); other values return WS_ERROR_INVALID_ARGUMENT. */
typedef struct ws_haptics {
    ws_haptics_device device;
    const char *evdev_path;          /* WS_HAPTICS_EVDEV: the event device ("/dev/input/event3") */
    const char *session_bus_address; /* where to look for feedbackd; NULL: DBUS_SESSION_BUS_ADDRESS */
    double detent_strength;
    uint32_t detent_ms;
    double limit_strength;
    uint32_t limit_ms;
} ws_haptics;

/* The defaults: chosen automatically, detents 0.5 for 8 ms (feedbackd's theme uses 7 to 12 ms for a button),
 * limits 1.0 for 20 ms. */
#define WS_HAPTICS_DEFAULT {WS_HAPTICS_AUTOMATIC, NULL, NULL, 0.5, 8, 1.0, 20}

/* Plays the sliders' step and limit callbacks on the device's vibration motor; haptics NULL: off (the
 * default). app_id (not empty) names your program to feedbackd, which keeps a feedback level per
 * application. A device asked for by name that cannot play returns WS_ERROR_HAPTICS, and then nothing plays;
 * WS_HAPTICS_AUTOMATIC never fails for want of a device. Connecting to the session bus happens here, once. */
ws_status ws_subsurface_set_haptics(ws_subsurface *subsurface, const ws_haptics *haptics, const char *app_id);
ws_status ws_canvas_set_haptics(ws_canvas *canvas, const ws_haptics *haptics, const char *app_id);
/* Sets *out to what plays the pulses: WS_HAPTICS_FEEDBACKD or WS_HAPTICS_EVDEV, or WS_HAPTICS_AUTOMATIC when
 * nothing does. */
ws_status ws_subsurface_get_haptics_device(const ws_subsurface *subsurface, ws_haptics_device *out);
ws_status ws_canvas_get_haptics_device(const ws_canvas *canvas, ws_haptics_device *out);

/* ---- Drawing into your GL framebuffer ------------------------------------------------------------------- */

typedef void (*ws_redraw_callback)(ws_canvas *canvas, void *user_data);

/* Compiles its shaders in the current EGL context (GLES2 or later, GL_OES_standard_derivatives), in which it
 * must also draw and be destroyed. */
ws_status ws_canvas_create(ws_canvas **out);
void ws_canvas_destroy(ws_canvas *canvas);
ws_status ws_canvas_add_slider(ws_canvas *canvas, ws_slider *slider);
ws_status ws_canvas_remove_slider(ws_canvas *canvas, ws_slider *slider);
/* As ws_subsurface_register_image_png and _rgba; the canvas's GL context must be current. */
ws_status ws_canvas_register_image_png(ws_canvas *canvas, uint32_t id, const char *path);
ws_status ws_canvas_register_image_rgba(ws_canvas *canvas, uint32_t id, int width, int height, int stride, const uint8_t *pixels);
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
