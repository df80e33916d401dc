/*
 * The C API's slider features, used from C as an application would, one check per feature; built against the
 * staged library with `cc $(pkg-config --cflags --libs waylandslider egl glesv2)` and run by CSliderFeatureTests.
 * Input goes through a ws_canvas in a surfaceless EGL context (Mesa's EGL_MESA_platform_surfaceless): no
 * compositor needed. Prints "ok FEATURE" per feature passed, "FAIL ..." per failed check; exits 1 on any.
 * `slider-features haptics BUS-ADDRESS` checks the haptics calls instead, with feedbackd looked for on that
 * session bus, and prints what played: "haptics device D events N" (D: the ws_haptics_device reported).
 */
#include <waylandslider.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define CHECK(cond)                                                                                        \
    do {                                                                                                   \
        if (!(cond)) {                                                                                     \
            failures++;                                                                                    \
            printf("FAIL %s:%d: %s (last error: %s)\n", __FILE__, __LINE__, #cond, ws_last_error());       \
        }                                                                                                  \
    } while (0)

#define BTN_LEFT 0x110
#define XKB_KEY_Tab 0xff09
#define XKB_KEY_Right 0xff53
#define XKB_KEY_Page_Up 0xff55

static void passed(const char *feature, int before) {
    if (failures == before) printf("ok %s\n", feature);
}

/* A GLES2 context current without a surface, as a canvas needs one. */
static int make_context(void) {
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_display = (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    if (!get_display) return 0;
    EGLDisplay display = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (display == EGL_NO_DISPLAY || !eglInitialize(display, NULL, NULL) || !eglBindAPI(EGL_OPENGL_ES_API)) return 0;
    const EGLint config_attributes[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_NONE};
    EGLConfig config;
    EGLint count = 0;
    if (!eglChooseConfig(display, config_attributes, &config, 1, &count) || count < 1) return 0;
    const EGLint context_attributes[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
    EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attributes);
    return context != EGL_NO_CONTEXT && eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context);
}

/* A pointer drag on the canvas from (x, y) by (dx, dy) in four motions. */
static void drag(ws_canvas *canvas, double x, double y, double dx, double dy) {
    static uint32_t time = 1000;
    ws_canvas_pointer_enter(canvas, x, y);
    ws_canvas_pointer_frame(canvas);
    ws_canvas_pointer_button(canvas, time += 16, BTN_LEFT, true);
    ws_canvas_pointer_frame(canvas);
    for (int i = 1; i <= 4; i++) {
        ws_canvas_pointer_motion(canvas, time += 16, x + dx * i / 4, y + dy * i / 4);
        ws_canvas_pointer_frame(canvas);
    }
    ws_canvas_pointer_button(canvas, time += 16, BTN_LEFT, false);
    ws_canvas_pointer_frame(canvas);
    ws_canvas_pointer_leave(canvas);
    ws_canvas_pointer_frame(canvas);
}

static ws_slider *slider_in(ws_canvas *canvas, bool range, double x, double y, double width, double height) {
    ws_slider *slider = NULL;
    CHECK(ws_slider_create(range, &slider) == WS_OK);
    CHECK(ws_slider_set_frame(slider, x, y, width, height) == WS_OK);
    if (canvas) CHECK(ws_canvas_add_slider(canvas, slider) == WS_OK);
    return slider;
}

struct counts {
    int changes, limits, cancels, last_end, last_thumb;
    double last_value;
};

static void on_change(ws_slider *slider, double value, void *data) {
    struct counts *c = data;
    c->changes++;
    c->last_value = value;
}

static void on_limit(ws_slider *slider, const ws_limit_event *limit, void *data) {
    struct counts *c = data;
    c->limits++;
    c->last_end = limit->end;
    c->last_thumb = limit->thumb;
}

static void on_cancel(ws_slider *slider, void *data) { ((struct counts *)data)->cancels++; }

static size_t percent(ws_slider *slider, double value, char *buffer, size_t size, void *data) {
    int n = snprintf(buffer, size, "%.0f %s", value * 100, (const char *)data);
    return n < 0 ? 0 : (size_t)n;
}

static size_t long_text(ws_slider *slider, double value, char *buffer, size_t size, void *data) {
    char text[301];
    memset(text, 'x', 300);
    text[300] = 0;
    int n = snprintf(buffer, size, "%s", text);
    return n < 0 ? 0 : (size_t)n;
}

/* A formatter that claims a length it never wrote: the written text is taken, as far as the buffer's NUL. */
static size_t lying(ws_slider *slider, double value, char *buffer, size_t size, void *data) {
    snprintf(buffer, size, "big");
    return (size_t)-1;
}

static void values_and_behaviour(void) {
    int before = failures;
    ws_slider *s = slider_in(NULL, false, 0, 0, 300, 44);
    CHECK(ws_slider_set_discrete_values(s, 5) == WS_OK);
    CHECK(ws_slider_set_value(s, 0.3) == WS_OK && ws_slider_get_value(s) == 0.25);
    CHECK(ws_slider_set_discrete_values(s, 1) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_discrete_values(s, -3) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_get_value(s) == 0.25);
    CHECK(ws_slider_set_discrete_values(s, 0) == WS_OK);
    CHECK(ws_slider_set_value(s, 0.3) == WS_OK && ws_slider_get_value(s) == 0.3);
    passed("discrete values", before);

    before = failures;
    CHECK(ws_slider_set_step(s, 0.25) == WS_OK);
    CHECK(ws_slider_set_snap_mode(s, WS_SNAP_NEVER) == WS_OK);
    CHECK(ws_slider_set_value(s, 0.3) == WS_OK && ws_slider_get_value(s) == 0.3);
    CHECK(ws_slider_set_snap_mode(s, WS_SNAP_ALWAYS) == WS_OK);
    CHECK(ws_slider_set_value(s, 0.3) == WS_OK && ws_slider_get_value(s) == 0.25);
    CHECK(ws_slider_set_snap_mode(s, (ws_snap_mode)7) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(ws_last_error(), "no snap mode 7") != NULL);
    passed("snap mode", before);

    before = failures;
    CHECK(ws_slider_set_bounds(s, -10, 10) == WS_OK);
    CHECK(ws_slider_set_anchor_value(s, 0) == WS_OK);
    CHECK(ws_slider_set_anchor_value(s, INFINITY) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_anchor_value(s, NAN) == WS_OK);
    passed("anchor value", before);

    before = failures;
    CHECK(ws_slider_set_minimum_separation(s, 0.1) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(ws_last_error(), "one thumb") != NULL);
    ws_slider *range = slider_in(NULL, true, 0, 0, 300, 44);
    CHECK(ws_slider_set_minimum_separation(range, 0.2) == WS_OK);
    CHECK(ws_slider_set_thumb_value(range, 0, 0.9) == WS_OK);
    CHECK(fabs(ws_slider_get_thumb_value(range, 0) - 0.8) < 1e-12);
    CHECK(ws_slider_set_minimum_separation(range, -1) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_minimum_separation(range, NAN) == WS_ERROR_INVALID_ARGUMENT);
    passed("minimum separation", before);

    before = failures;
    CHECK(ws_slider_set_thumb_value_animated(range, 0, 0.3, true) == WS_OK);
    CHECK(ws_slider_get_thumb_value(range, 0) == 0.3);
    CHECK(ws_slider_set_thumb_value_animated(s, 1, 0.5, true) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_thumb_value_animated(s, 0, NAN, false) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_reduces_motion(s, true) == WS_OK);
    passed("animated value and reduced motion", before);

    before = failures;
    CHECK(ws_slider_set_value_change_interval(s, 0.05) == WS_OK);
    CHECK(ws_slider_set_value_change_interval(s, -1) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_value_change_interval(s, INFINITY) == WS_ERROR_INVALID_ARGUMENT);
    passed("value change interval", before);
    ws_slider_destroy(range);
    ws_slider_destroy(s);
}

/* A thumb at 0.5 dragged 40 points right (or up, vertically): where the minimum is decides the value. */
/* A custom scale: the square root of the fraction (finer near the minimum), and back. */
static double square_root(double fraction, void *data) { (*(int *)data)++; return sqrt(fraction); }
static double square(double position, void *data) { (*(int *)data)++; return position * position; }

/* Value scales, keyboard and page steps, and the value label shown always; driven by keys through a canvas. */
static void scales_and_steps(ws_canvas *canvas) {
    int before = failures;
    ws_slider *s = slider_in(canvas, false, 0, 0, 300, 44);
    CHECK(ws_slider_set_value_scale(s, WS_SCALE_LOGARITHMIC, 0) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(ws_last_error(), "ws_slider_set_value_scale: a logarithmic scale needs a minimum above 0") != NULL);
    CHECK(ws_slider_set_bounds(s, 20, 20000) == WS_OK);
    CHECK(ws_slider_set_value_scale(s, WS_SCALE_LOGARITHMIC, 0) == WS_OK);
    CHECK(ws_slider_set_bounds(s, 0, 100) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_value_scale(s, WS_SCALE_POWER, -1) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(ws_last_error(), "exponent -1.0") != NULL);
    CHECK(ws_slider_set_value_scale(s, (ws_value_scale)9, 0) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_value(s, 20) == WS_OK);
    CHECK(ws_canvas_key(canvas, 1000, XKB_KEY_Tab, true) == WS_OK && ws_canvas_key(canvas, 1010, XKB_KEY_Tab, false) == WS_OK);
    CHECK(ws_canvas_key(canvas, 1020, XKB_KEY_Page_Up, true) == WS_OK && ws_canvas_key(canvas, 1030, XKB_KEY_Page_Up, false) == WS_OK);
    /* A tenth of the track on 20 Hz to 20 kHz is a factor of 1000^(1/10). */
    CHECK(fabs(ws_slider_get_value(s) - 20 * pow(1000, 0.1)) < 1e-9);
    CHECK(ws_slider_set_keyboard_step(s, 100) == WS_OK && ws_slider_set_page_step(s, -1) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(ws_last_error(), "ws_slider_set_page_step: pageStep -1.0: it must be above 0") != NULL);
    double at = ws_slider_get_value(s);
    CHECK(ws_canvas_key(canvas, 1040, XKB_KEY_Right, true) == WS_OK && ws_canvas_key(canvas, 1050, XKB_KEY_Right, false) == WS_OK);
    CHECK(fabs(ws_slider_get_value(s) - (at + 100)) < 1e-9);
    CHECK(ws_slider_set_keyboard_step(s, 0) == WS_OK && ws_slider_set_keyboard_step(s, NAN) == WS_ERROR_INVALID_ARGUMENT);
    int calls = 0;
    CHECK(ws_slider_set_bounds(s, 0, 1) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_custom_value_scale(s, square_root, square, &calls) == WS_OK);
    CHECK(ws_slider_set_bounds(s, 0, 1) == WS_OK && ws_slider_set_value(s, 0) == WS_OK);
    CHECK(ws_slider_set_page_step(s, 0) == WS_OK);
    CHECK(ws_canvas_key(canvas, 1060, XKB_KEY_Page_Up, true) == WS_OK && ws_canvas_key(canvas, 1070, XKB_KEY_Page_Up, false) == WS_OK);
    CHECK(fabs(ws_slider_get_value(s) - 0.01) < 1e-12 && calls > 0); /* a tenth of the track: (0.1)^2 */
    CHECK(ws_slider_set_custom_value_scale(s, square_root, NULL, &calls) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_custom_value_scale(s, NULL, NULL, NULL) == WS_OK);
    CHECK(ws_slider_set_value_popup(s, true) == WS_OK && ws_slider_set_value_label_always_shown(s, true) == WS_OK);
    CHECK(ws_slider_set_value_label_always_shown(NULL, true) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_canvas_remove_slider(canvas, s) == WS_OK);
    ws_slider_destroy(s);
    passed("value scales and keyboard steps", before);
}

/* Every setting at once from a slider description in JSON: applied, driven by keys through a canvas; a problem
 * (an unknown key, a wrong type, a rule of the description or of the slider) changes nothing and names its key. */
static void description(ws_canvas *canvas) {
    int before = failures;
    ws_slider *s = slider_in(canvas, false, 0, 0, 300, 44);
    CHECK(ws_slider_apply_description(s, "{\"id\": \"bass\", \"range\": [20, 20000], \"value\": 200, \"value-scale\": \"logarithmic\","
                                         " \"key-step\": 10, \"popup\": \"always\", \"decimals\": 0, \"unit\": \"Hz\"}") == WS_OK);
    char text[64];
    CHECK(ws_slider_get_value(s) == 200);
    CHECK(ws_canvas_key(canvas, 2000, XKB_KEY_Tab, true) == WS_OK && ws_canvas_key(canvas, 2010, XKB_KEY_Tab, false) == WS_OK);
    CHECK(ws_canvas_key(canvas, 2020, XKB_KEY_Right, true) == WS_OK && ws_canvas_key(canvas, 2030, XKB_KEY_Right, false) == WS_OK);
    CHECK(ws_slider_get_value_text(s, 0, text, sizeof text, NULL) == WS_OK && strcmp(text, "210 Hz") == 0);
    static const struct { const char *json, *message; } refused[] = {
        {"{\"id\": \"bass\", \"range\": [0, 100], \"value-scale\": \"logarithmic\"}", "ws_slider_apply_description: value-scale: "},
        {"{\"id\": \"bass\", \"key-stepp\": 1}", "ws_slider_apply_description: unknown key \"key-stepp\" in a slider; known: id, "},
        {"{\"id\": \"bass\", \"range\": 5}", "ws_slider_apply_description: range must be a list"},
        {"{\"id\": \"bass\", \"key-step\": -1}", "ws_slider_apply_description: key-step: "},
        {"{\"id\": \"bass\", \"thumbs\": 2}", "ws_slider_apply_description: thumbs: "},
        {"{\"id\": \"bass\", \"end-images\": [\"a.png\", \"b.png\"]}", "ws_slider_apply_description: end-images are files"},
        {"{\"range\": [0, 1]}", "ws_slider_apply_description: id is missing"},
        {"[1, 2]", "ws_slider_apply_description: a slider must be key: value pairs"},
        {"{\"id\": \"bass\"", "ws_slider_apply_description: "},
        {NULL, "ws_slider_apply_description: json is NULL"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        CHECK(ws_slider_apply_description(s, refused[i].json) == WS_ERROR_INVALID_ARGUMENT);
        if (strstr(ws_last_error(), refused[i].message) != ws_last_error()) printf("FAIL %s: %s\n", refused[i].message, ws_last_error()), failures++;
    }
    char *long_json = malloc(70000);
    memset(long_json, ' ', 69999);
    long_json[0] = '{', long_json[69997] = '}', long_json[69998] = 0;
    CHECK(ws_slider_apply_description(s, long_json) == WS_ERROR_INVALID_ARGUMENT && strstr(ws_last_error(), "longer than 65536 bytes") != NULL);
    free(long_json);
    CHECK(ws_slider_apply_description(NULL, "{}") == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_get_value_text(s, 0, text, sizeof text, NULL) == WS_OK && strcmp(text, "210 Hz") == 0);
    CHECK(ws_slider_apply_description(s, "{\"id\": \"plain\"}") == WS_OK && ws_slider_get_value(s) == 0);
    CHECK(ws_canvas_remove_slider(canvas, s) == WS_OK);
    ws_slider_destroy(s);
    passed("slider description", before);
}

static double dragged(ws_canvas *canvas, ws_orientation orientation, ws_layout_direction direction, bool inverted) {
    bool vertical = orientation == WS_ORIENTATION_VERTICAL;
    ws_slider *s = vertical ? slider_in(canvas, false, 10, 10, 44, 300) : slider_in(canvas, false, 10, 10, 300, 44);
    CHECK(ws_slider_set_orientation(s, orientation) == WS_OK);
    CHECK(ws_slider_set_layout_direction(s, direction) == WS_OK);
    CHECK(ws_slider_set_inverted(s, inverted) == WS_OK);
    CHECK(ws_slider_set_value(s, 0.5) == WS_OK);
    if (vertical) drag(canvas, 32, 160, 0, -40);
    else drag(canvas, 160, 32, 40, 0);
    double value = ws_slider_get_value(s);
    ws_canvas_remove_slider(canvas, s);
    ws_slider_destroy(s);
    return value;
}

static void layout(ws_canvas *canvas) {
    int before = failures;
    CHECK(dragged(canvas, WS_ORIENTATION_HORIZONTAL, WS_LAYOUT_LEFT_TO_RIGHT, false) > 0.6);
    CHECK(dragged(canvas, WS_ORIENTATION_HORIZONTAL, WS_LAYOUT_RIGHT_TO_LEFT, false) < 0.4);
    CHECK(dragged(canvas, WS_ORIENTATION_HORIZONTAL, WS_LAYOUT_LEFT_TO_RIGHT, true) < 0.4);
    CHECK(dragged(canvas, WS_ORIENTATION_VERTICAL, WS_LAYOUT_LEFT_TO_RIGHT, false) > 0.6);
    CHECK(dragged(canvas, WS_ORIENTATION_VERTICAL, WS_LAYOUT_RIGHT_TO_LEFT, true) < 0.4);
    ws_slider *s = slider_in(NULL, false, 0, 0, 300, 44);
    CHECK(ws_slider_set_orientation(s, (ws_orientation)2) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_layout_direction(s, (ws_layout_direction)-1) == WS_ERROR_INVALID_ARGUMENT);
    ws_slider_destroy(s);
    passed("orientation, layout direction and inversion", before);
}

static void look(void) {
    int before = failures;
    ws_slider *s = slider_in(NULL, false, 0, 0, 300, 44);
    CHECK(ws_slider_set_step(s, 0.1) == WS_OK);
    CHECK(ws_slider_set_tick_visibility(s, WS_TICKS_ALWAYS) == WS_OK);
    CHECK(ws_slider_set_tick_visibility(s, (ws_tick_visibility)3) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_value_popup(s, true) == WS_OK);
    CHECK(ws_slider_set_track_thickness(s, 6) == WS_OK);
    CHECK(ws_slider_set_thumb_diameter(s, 24) == WS_OK);
    CHECK(ws_slider_set_track_thickness(s, 0) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_thumb_diameter(s, NAN) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_thumb_diameter(s, 1001) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(ws_last_error(), "at most 1000") != NULL);
    ws_slider_destroy(s);
    passed("ticks, popup, track thickness and thumb diameter", before);
}

static void text(void) {
    int before = failures;
    ws_slider *s = slider_in(NULL, true, 0, 0, 300, 44);
    char buffer[64];
    size_t length = 0;
    CHECK(ws_slider_set_thumb_value(s, 0, 0.5) == WS_OK);
    CHECK(ws_slider_get_value_text(s, 0, buffer, sizeof buffer, &length) == WS_OK);
    CHECK(strcmp(buffer, "0.50") == 0 && length == 4); /* continuous: a hundredth of the range */
    CHECK(ws_slider_set_formatter(s, percent, "%") == WS_OK);
    CHECK(ws_slider_get_value_text(s, 0, buffer, sizeof buffer, &length) == WS_OK);
    CHECK(strcmp(buffer, "50 %") == 0 && length == 4);
    CHECK(ws_slider_get_value_text(s, 1, buffer, sizeof buffer, NULL) == WS_OK && strcmp(buffer, "100 %") == 0);
    /* Cut on a character boundary: "50 é" is 5 bytes; 4 bytes of room hold "50 " and the NUL. */
    CHECK(ws_slider_set_formatter(s, percent, "\xc3\xa9") == WS_OK);
    CHECK(ws_slider_get_value_text(s, 0, buffer, 5, &length) == WS_OK);
    CHECK(strcmp(buffer, "50 ") == 0 && length == 5);
    CHECK(ws_slider_get_value_text(s, 0, NULL, 0, &length) == WS_OK && length == 5);
    /* A text longer than the first buffer the formatter is given. */
    char big[400];
    CHECK(ws_slider_set_formatter(s, long_text, NULL) == WS_OK);
    CHECK(ws_slider_get_value_text(s, 0, big, sizeof big, &length) == WS_OK && length == 300 && strlen(big) == 300);
    CHECK(ws_slider_set_formatter(s, lying, NULL) == WS_OK);
    CHECK(ws_slider_get_value_text(s, 0, buffer, sizeof buffer, &length) == WS_OK && strcmp(buffer, "big") == 0 && length == 3);
    CHECK(ws_slider_set_formatter(s, NULL, NULL) == WS_OK);
    CHECK(ws_slider_get_value_text(s, 0, buffer, sizeof buffer, NULL) == WS_OK && strcmp(buffer, "0.50") == 0);
    CHECK(ws_slider_get_value_text(s, 2, buffer, sizeof buffer, NULL) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_get_value_text(s, 0, NULL, 8, NULL) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_accessibility_hint(s, "Adjusts the volume") == WS_OK);
    CHECK(ws_slider_set_accessibility_hint(s, NULL) == WS_OK);
    ws_slider_destroy(s);
    passed("formatter, value text and hint", before);
}

static void callbacks(ws_canvas *canvas) {
    int before = failures;
    struct counts c = {0};
    ws_slider *s = slider_in(canvas, false, 10, 10, 300, 44);
    CHECK(ws_slider_set_value(s, 0.5) == WS_OK);
    CHECK(ws_slider_set_value_changed_callback(s, on_change, &c) == WS_OK);
    CHECK(ws_slider_set_limit_callback(s, on_limit, &c) == WS_OK);
    CHECK(ws_slider_set_cancel_callback(s, on_cancel, &c) == WS_OK);
    /* Past the maximum: a limit at the maximum end. */
    drag(canvas, 160, 32, 400, 0);
    CHECK(c.limits == 1 && c.last_end == 1 && c.last_thumb == 0);
    CHECK(ws_slider_get_value(s) == 1);
    passed("limit callback", before);

    before = failures;
    /* On release only: one change, when the gesture ends. */
    CHECK(ws_slider_set_value(s, 0.5) == WS_OK);
    CHECK(ws_slider_set_continuous(s, false) == WS_OK);
    c.changes = 0;
    drag(canvas, 160, 32, -60, 0);
    CHECK(c.changes == 1 && c.last_value < 0.5);
    passed("continuous off", before);

    before = failures;
    /* A touch the compositor takes back: the value returns and the cancel callback runs. */
    CHECK(ws_slider_set_continuous(s, true) == WS_OK);
    CHECK(ws_slider_set_value(s, 0.5) == WS_OK);
    ws_canvas_touch_down(canvas, 5000, 3, 160, 32);
    ws_canvas_touch_frame(canvas);
    ws_canvas_touch_motion(canvas, 5016, 3, 220, 32);
    ws_canvas_touch_frame(canvas);
    CHECK(ws_slider_get_value(s) > 0.5);
    ws_canvas_touch_cancel(canvas);
    CHECK(c.cancels == 1 && ws_slider_get_value(s) == 0.5);
    passed("cancel callback", before);

    before = failures;
    CHECK(ws_slider_set_limit_callback(NULL, on_limit, NULL) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_cancel_callback(NULL, on_cancel, NULL) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_formatter(NULL, percent, NULL) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_discrete_values(NULL, 3) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(strcmp(ws_last_error(), "ws_slider_set_discrete_values: slider is NULL") == 0);
    CHECK(ws_slider_get_value_text(NULL, 0, NULL, 0, NULL) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_track_thickness(NULL, 4) == WS_ERROR_INVALID_ARGUMENT);
    passed("NULL sliders refused", before);
    ws_canvas_remove_slider(canvas, s);
    ws_slider_destroy(s);
}

/* A 320 x 64 framebuffer the canvas draws into, cleared to white. */
struct target {
    GLuint texture, framebuffer;
};

static struct target make_target(void) {
    struct target t;
    glGenTextures(1, &t.texture);
    glBindTexture(GL_TEXTURE_2D, t.texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 320, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGenFramebuffers(1, &t.framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, t.framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t.texture, 0);
    CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE);
    glClearColor(1, 1, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    return t;
}

/* The pixel at (x, y) counted from the top left, as the canvas's points are (GL counts rows from the bottom). */
static void read_pixel(int x, int y, uint8_t pixel[4]) { glReadPixels(x, 63 - y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel); }

static void destroy_target(struct target t) {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &t.framebuffer);
    glDeleteTextures(1, &t.texture);
}

/* A red image at the minimum end and the plus symbol at the maximum end, drawn by the canvas into a
 * framebuffer of ours and read back. */
static void end_images(ws_canvas *canvas) {
    int before = failures;
    struct target target = make_target();
    uint8_t red[16 * 16 * 4];
    for (int i = 0; i < 16 * 16; i++) {
        red[i * 4] = 255, red[i * 4 + 1] = 0, red[i * 4 + 2] = 0, red[i * 4 + 3] = 255;
    }
    CHECK(ws_canvas_register_image_rgba(canvas, 7, 16, 16, 16 * 4, red) == WS_OK);
    CHECK(ws_canvas_register_image_rgba(canvas, 8, 0, 16, 64, red) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_canvas_register_image_rgba(canvas, 8, 16, 16, 60, red) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(ws_last_error(), "stride 60") != NULL);
    CHECK(ws_canvas_register_image_rgba(canvas, 8, 16, 16, 64, NULL) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_canvas_register_image_rgba(canvas, 8, 2000, 16, 8000, red) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_canvas_register_image_png(canvas, 8, "/nonexistent/icon.png") == WS_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(ws_last_error(), "/nonexistent/icon.png") != NULL);
    CHECK(ws_canvas_register_image_png(canvas, 8, NULL) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_canvas_register_image_png(NULL, 8, "x.png") == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_subsurface_register_image_rgba(NULL, 8, 16, 16, 64, red) == WS_ERROR_INVALID_ARGUMENT);

    ws_slider *s = slider_in(canvas, false, 10, 10, 300, 44);
    CHECK(ws_slider_set_end_image(s, WS_END_MINIMUM, 7) == WS_OK);
    CHECK(ws_slider_set_end_symbol(s, WS_END_MAXIMUM, WS_SYMBOL_PLUS) == WS_OK);
    CHECK(ws_slider_set_end_symbol(s, WS_END_MAXIMUM, (ws_symbol)9) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_end_image(s, (ws_track_end)2, 7) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_canvas_draw(canvas, target.framebuffer, 0, 0, 320, 64, 1) == WS_OK);
    uint8_t image[4], symbol[4];
    /* The slider's middle row is 10 + 44 / 2 = 32 from the top. */
    read_pixel(20, 32, image);
    read_pixel(300, 32, symbol);
    /* End images are tinted with the style's image colour, as UIKit tints template images: red stays red. */
    CHECK(image[0] >= image[1] + 30 && abs(image[1] - image[2]) <= 2);
    CHECK(symbol[0] < 200 && symbol[1] < 200 && symbol[2] < 200);
    CHECK(ws_slider_remove_end_image(s, WS_END_MINIMUM) == WS_OK);
    ws_canvas_remove_slider(canvas, s);
    ws_slider_destroy(s);
    destroy_target(target);
    passed("end images and symbols", before);
}

/* The normal state's thumb made red, drawn and read back; bad colours and states refused. */
static void colors(ws_canvas *canvas) {
    int before = failures;
    struct target target = make_target();
    ws_slider *s = slider_in(canvas, false, 10, 10, 300, 44);
    CHECK(ws_slider_set_value(s, 0.5) == WS_OK);
    ws_slider_colors normal;
    CHECK(ws_slider_get_colors(s, WS_STATE_NORMAL, &normal) == WS_OK);
    normal.thumb = (ws_color){1, 0, 0, 1};
    CHECK(ws_slider_set_colors(s, WS_STATE_NORMAL, &normal) == WS_OK);
    ws_slider_colors read_back;
    CHECK(ws_slider_get_colors(s, WS_STATE_NORMAL, &read_back) == WS_OK && read_back.thumb.red == 1 && read_back.thumb.green == 0);
    CHECK(ws_slider_get_colors(s, WS_STATE_HIGHLIGHTED, &read_back) == WS_OK);
    CHECK(ws_canvas_draw(canvas, target.framebuffer, 0, 0, 320, 64, 1) == WS_OK);
    uint8_t thumb[4];
    read_pixel(160, 32, thumb);
    CHECK(thumb[0] > 230 && thumb[1] < 30 && thumb[2] < 30);

    ws_slider_colors bad = normal;
    bad.focus_ring.alpha = 1.5;
    CHECK(ws_slider_set_colors(s, WS_STATE_FOCUSED, &bad) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(ws_last_error(), "focus_ring") != NULL);
    bad = normal;
    bad.image.red = NAN;
    CHECK(ws_slider_set_colors(s, WS_STATE_FOCUSED, &bad) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_colors(s, (ws_control_state)9, &normal) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_colors(s, WS_STATE_NORMAL, NULL) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_colors(s, WS_STATE_HIGHLIGHTED, NULL) == WS_OK);
    CHECK(ws_slider_get_colors(s, WS_STATE_NORMAL, NULL) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_disabled_alpha(s, 0.5) == WS_OK);
    CHECK(ws_slider_set_disabled_alpha(s, 2) == WS_ERROR_INVALID_ARGUMENT);
    ws_canvas_remove_slider(canvas, s);
    ws_slider_destroy(s);
    destroy_target(target);
    passed("colours per state", before);
}

struct steps {
    int count;
    double boundary;
};

static void on_step(ws_slider *slider, const ws_step_event *step, void *data) {
    struct steps *s = data;
    s->count += step->count;
    s->boundary = step->boundary;
}

/* Detents at given values, none, and no limits; bad configurations refused. */
static void step_feedback(ws_canvas *canvas) {
    int before = failures;
    struct steps steps = {0};
    struct counts c = {0};
    ws_slider *s = slider_in(canvas, false, 10, 10, 300, 44);
    CHECK(ws_slider_set_step_callback(s, on_step, &steps) == WS_OK);
    CHECK(ws_slider_set_limit_callback(s, on_limit, &c) == WS_OK);
    const double detents[] = {0.6, 0.3};
    ws_step_feedback feedback = WS_STEP_FEEDBACK_DEFAULT;
    feedback.detents = WS_DETENTS_AT_VALUES;
    feedback.values = detents;
    feedback.count = 2;
    CHECK(ws_slider_set_step_feedback(s, &feedback) == WS_OK);
    CHECK(ws_slider_set_value(s, 0.5) == WS_OK);
    drag(canvas, 160, 32, 60, 0);
    CHECK(ws_slider_get_value(s) > 0.6 && steps.count == 1 && steps.boundary == 0.6);

    feedback = (ws_step_feedback)WS_STEP_FEEDBACK_DEFAULT;
    feedback.detents = WS_DETENTS_NONE;
    feedback.fires_limits = false;
    CHECK(ws_slider_set_step_feedback(s, &feedback) == WS_OK);
    CHECK(ws_slider_set_value(s, 0.5) == WS_OK);
    steps.count = 0;
    drag(canvas, 160, 32, 400, 0);
    CHECK(ws_slider_get_value(s) == 1 && steps.count == 0 && c.limits == 0);

    feedback = (ws_step_feedback)WS_STEP_FEEDBACK_DEFAULT;
    feedback.detents = WS_DETENTS_EVERY;
    CHECK(ws_slider_set_step_feedback(s, &feedback) == WS_ERROR_INVALID_ARGUMENT);
    feedback.interval = 0.1;
    CHECK(ws_slider_set_step_feedback(s, &feedback) == WS_OK);
    feedback.hysteresis = 0.6;
    CHECK(ws_slider_set_step_feedback(s, &feedback) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(ws_last_error(), "hysteresis") != NULL);
    feedback = (ws_step_feedback)WS_STEP_FEEDBACK_DEFAULT;
    feedback.detents = WS_DETENTS_AT_VALUES;
    feedback.count = 2;
    CHECK(ws_slider_set_step_feedback(s, &feedback) == WS_ERROR_INVALID_ARGUMENT);
    feedback.detents = (ws_detents)9;
    CHECK(ws_slider_set_step_feedback(s, &feedback) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_slider_set_step_feedback(s, NULL) == WS_ERROR_INVALID_ARGUMENT);
    ws_canvas_remove_slider(canvas, s);
    ws_slider_destroy(s);
    passed("step feedback", before);
}

static void on_step_event(ws_slider *slider, const ws_step_event *step, void *data) { (*(int *)data)++; }
static void on_limit_event(ws_slider *slider, const ws_limit_event *limit, void *data) { (*(int *)data)++; }

/* Haptics on the session bus at bus_address: bad configurations refused, the automatic choice taken, a drag
 * across detents and into the maximum played, then off. */
static void haptics(ws_canvas *canvas, const char *bus_address) {
    int before = failures;
    ws_haptics h = WS_HAPTICS_DEFAULT;
    CHECK(ws_canvas_set_haptics(NULL, &h, "org.example.Panel") == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_canvas_set_haptics(canvas, &h, NULL) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_canvas_set_haptics(canvas, &h, "") == WS_ERROR_INVALID_ARGUMENT);
    h.detent_strength = 1.5;
    CHECK(ws_canvas_set_haptics(canvas, &h, "org.example.Panel") == WS_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(ws_last_error(), "detent_strength") != NULL);
    h = (ws_haptics)WS_HAPTICS_DEFAULT;
    h.limit_strength = NAN;
    CHECK(ws_canvas_set_haptics(canvas, &h, "org.example.Panel") == WS_ERROR_INVALID_ARGUMENT);
    h = (ws_haptics)WS_HAPTICS_DEFAULT;
    h.detent_ms = 0;
    CHECK(ws_canvas_set_haptics(canvas, &h, "org.example.Panel") == WS_ERROR_INVALID_ARGUMENT);
    h.detent_ms = 10001;
    CHECK(ws_canvas_set_haptics(canvas, &h, "org.example.Panel") == WS_ERROR_INVALID_ARGUMENT);
    h = (ws_haptics)WS_HAPTICS_DEFAULT;
    h.device = (ws_haptics_device)9;
    CHECK(ws_canvas_set_haptics(canvas, &h, "org.example.Panel") == WS_ERROR_INVALID_ARGUMENT);
    h.device = WS_HAPTICS_EVDEV;
    CHECK(ws_canvas_set_haptics(canvas, &h, "org.example.Panel") == WS_ERROR_INVALID_ARGUMENT);
    h.evdev_path = "/dev/null";
    CHECK(ws_canvas_set_haptics(canvas, &h, "org.example.Panel") == WS_ERROR_HAPTICS);
    CHECK(strstr(ws_last_error(), "not an event device") != NULL);
    h = (ws_haptics)WS_HAPTICS_DEFAULT;
    h.device = WS_HAPTICS_FEEDBACKD;
    h.session_bus_address = "unix:path=/nonexistent/bus";
    CHECK(ws_canvas_set_haptics(canvas, &h, "org.example.Panel") == WS_ERROR_HAPTICS);
    ws_haptics_device device = WS_HAPTICS_EVDEV;
    CHECK(ws_canvas_get_haptics_device(canvas, &device) == WS_OK && device == WS_HAPTICS_AUTOMATIC);
    CHECK(ws_canvas_get_haptics_device(canvas, NULL) == WS_ERROR_INVALID_ARGUMENT);
    CHECK(ws_canvas_get_haptics_device(NULL, &device) == WS_ERROR_INVALID_ARGUMENT);

    /* Automatic, with pulses of our own. */
    h = (ws_haptics)WS_HAPTICS_DEFAULT;
    h.session_bus_address = bus_address;
    h.detent_strength = 0.3;
    h.detent_ms = 10;
    h.limit_strength = 0.8;
    h.limit_ms = 30;
    CHECK(ws_canvas_set_haptics(canvas, &h, "org.example.Panel") == WS_OK);
    CHECK(ws_canvas_get_haptics_device(canvas, &device) == WS_OK);
    ws_slider *s = slider_in(canvas, false, 10, 10, 300, 44);
    int events = 0;
    CHECK(ws_slider_set_step_callback(s, on_step_event, &events) == WS_OK);
    CHECK(ws_slider_set_limit_callback(s, on_limit_event, &events) == WS_OK);
    CHECK(ws_slider_set_step(s, 0.1) == WS_OK);
    CHECK(ws_slider_set_value(s, 0.5) == WS_OK);
    drag(canvas, 160, 32, 400, 0);
    CHECK(ws_slider_get_value(s) == 1 && events >= 2);
    printf("haptics device %d events %d\n", (int)device, events);
    fflush(stdout);
    CHECK(ws_canvas_set_haptics(canvas, NULL, "org.example.Panel") == WS_OK);
    CHECK(ws_canvas_get_haptics_device(canvas, &device) == WS_OK && device == WS_HAPTICS_AUTOMATIC);
    ws_canvas_remove_slider(canvas, s);
    ws_slider_destroy(s);
    passed("haptics", before);
}

int main(int argc, char **argv) {
    if (!make_context()) {
        printf("FAIL no surfaceless EGL context\n");
        return 1;
    }
    ws_canvas *canvas = NULL;
    if (ws_canvas_create(&canvas) != WS_OK) {
        printf("FAIL ws_canvas_create: %s\n", ws_last_error());
        return 1;
    }
    if (argc == 3 && strcmp(argv[1], "haptics") == 0) {
        haptics(canvas, argv[2]);
    } else {
        values_and_behaviour();
        layout(canvas);
        look();
        text();
        callbacks(canvas);
        end_images(canvas);
        colors(canvas);
        step_feedback(canvas);
        scales_and_steps(canvas);
        description(canvas);
    }
    ws_canvas_destroy(canvas);
    printf("%s\n", failures ? "failed" : "all passed");
    return failures ? 1 : 0;
}
