/*
 * A C host that draws its own GL scene with sliders in it: a clear colour, a band at the top drawn before
 * the sliders and one at the bottom drawn after them with the same program, buffer and attribute set up
 * once (so a slider draw that left the GL state changed would show as a missing band), and a WaylandSlider
 * canvas drawn into the window's framebuffer between them. Pointer and touch events on the window are
 * passed to the canvas in its own coordinates; the window redraws when the canvas asks.
 *
 *   gl-host
 *
 * A 480 x 240 point window; the canvas is 432 x 128 points at (24, 64). Prints "ready" once the first frame
 * is shown, a line per slider callback, and "host-frames N" when standard input ends. Reads commands on
 * standard input:
 *   sweep FRAMES    sets the volume slider to a new value before each of the next FRAMES frames, then prints
 *                   "swept frames N cpu-ms C host-frames N" (the process's CPU time over them, all threads)
 *   cycle COUNT     COUNT times: creates a second canvas with one slider in the window's context, draws it once
 *                   and destroys both; then prints "cycled ..." (see print_cycles) with the descriptors and
 *                   memory after the first and the last
 */
#include <GLES2/gl2.h>
#include <linux/input-event-codes.h>
#include <stdio.h>
#include <stdlib.h>

#include <waylandslider.h>

#include "common/host-window.h"
#include "common/slider-events.h"

enum { WIDTH = 480, HEIGHT = 240, CANVAS_X = 24, CANVAS_Y = 64, CANVAS_WIDTH = 432, CANVAS_HEIGHT = 128 };

struct host {
    struct host_window window;
    ws_canvas *canvas;
    bool needs_redraw;
    /* Wheel notches announced by axis_discrete, passed on with the axis event that follows (it has the time). */
    int32_t pending_notches;
    ws_slider *volume;
    /* A sweep under way: frames left and in all, and the CPU time and frame count when it started. */
    int sweep_left, sweep_total;
    double sweep_start_cpu;
    unsigned long sweep_start_frames;
    GLuint program, buffer;
    GLint offset_location, color_location;
};

static void request_redraw(ws_canvas *canvas, void *data) { ((struct host *)data)->needs_redraw = true; }

/* Window points to canvas points. */
static double cx(wl_fixed_t x) { return wl_fixed_to_double(x) - CANVAS_X; }
static double cy(wl_fixed_t y) { return wl_fixed_to_double(y) - CANVAS_Y; }

static void pointer_enter(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *s, wl_fixed_t x, wl_fixed_t y) {
    host_window_hide_cursor(&((struct host *)data)->window, p, serial, s);
    check(ws_canvas_pointer_enter(((struct host *)data)->canvas, cx(x), cy(y)), "pointer enter");
}
static void pointer_leave(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *s) {
    check(ws_canvas_pointer_leave(((struct host *)data)->canvas), "pointer leave");
}
static void pointer_motion(void *data, struct wl_pointer *p, uint32_t time, wl_fixed_t x, wl_fixed_t y) {
    check(ws_canvas_pointer_motion(((struct host *)data)->canvas, time, cx(x), cy(y)), "pointer motion");
}
static void pointer_button(void *data, struct wl_pointer *p, uint32_t serial, uint32_t time, uint32_t button, uint32_t state) {
    check(ws_canvas_pointer_button(((struct host *)data)->canvas, time, button, state == WL_POINTER_BUTTON_STATE_PRESSED), "pointer button");
}
static void pointer_axis(void *data, struct wl_pointer *p, uint32_t time, uint32_t axis, wl_fixed_t value) {
    struct host *h = data;
    if (h->pending_notches == 0) return;
    check(ws_canvas_pointer_wheel(h->canvas, time, axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL, h->pending_notches), "wheel");
    h->pending_notches = 0;
}
static void pointer_frame(void *data, struct wl_pointer *p) { check(ws_canvas_pointer_frame(((struct host *)data)->canvas), "pointer frame"); }
static void pointer_axis_source(void *data, struct wl_pointer *p, uint32_t source) {}
static void pointer_axis_stop(void *data, struct wl_pointer *p, uint32_t time, uint32_t axis) {}
static void pointer_axis_discrete(void *data, struct wl_pointer *p, uint32_t axis, int32_t discrete) {
    ((struct host *)data)->pending_notches += discrete;
}
static const struct wl_pointer_listener pointer_listener = {
    .enter = pointer_enter, .leave = pointer_leave, .motion = pointer_motion, .button = pointer_button, .axis = pointer_axis,
    .frame = pointer_frame, .axis_source = pointer_axis_source, .axis_stop = pointer_axis_stop, .axis_discrete = pointer_axis_discrete,
};

static void touch_down(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, struct wl_surface *s, int32_t id, wl_fixed_t x, wl_fixed_t y) {
    check(ws_canvas_touch_down(((struct host *)data)->canvas, time, id, cx(x), cy(y)), "touch down");
}
static void touch_up(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id) {
    check(ws_canvas_touch_up(((struct host *)data)->canvas, time, id), "touch up");
}
static void touch_motion(void *data, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y) {
    check(ws_canvas_touch_motion(((struct host *)data)->canvas, time, id, cx(x), cy(y)), "touch motion");
}
static void touch_frame(void *data, struct wl_touch *t) { check(ws_canvas_touch_frame(((struct host *)data)->canvas), "touch frame"); }
static void touch_cancel(void *data, struct wl_touch *t) { check(ws_canvas_touch_cancel(((struct host *)data)->canvas), "touch cancel"); }
static void touch_shape(void *data, struct wl_touch *t, int32_t id, wl_fixed_t major, wl_fixed_t minor) {}
static void touch_orientation(void *data, struct wl_touch *t, int32_t id, wl_fixed_t orientation) {}
static const struct wl_touch_listener touch_listener = {
    .down = touch_down, .up = touch_up, .motion = touch_motion, .frame = touch_frame, .cancel = touch_cancel,
    .shape = touch_shape, .orientation = touch_orientation,
};

static GLuint compile(GLenum type, const char *source) {
    GLuint shader = glCreateShader(type);
    glShaderSource(shader, 1, &source, NULL);
    glCompileShader(shader);
    return shader;
}

/* The host's own drawing state, set up once: a program drawing a band of a uniform colour, its buffer and
 * attribute 0. Every frame relies on it still being bound. */
static void set_up_scene(struct host *h) {
    static const char *vertex = "attribute vec2 a_position; uniform float u_offset;\n"
                                "void main() { gl_Position = vec4(a_position.x, a_position.y + u_offset, 0.0, 1.0); }\n";
    static const char *fragment = "precision mediump float; uniform vec4 u_color;\nvoid main() { gl_FragColor = u_color; }\n";
    /* A full-width band 32 points high at the top of the window, in clip space. */
    static const GLfloat band[] = { -1, 1, 1, 1, -1, 1 - 2.0f * 32 / HEIGHT, 1, 1 - 2.0f * 32 / HEIGHT };
    h->program = glCreateProgram();
    glAttachShader(h->program, compile(GL_VERTEX_SHADER, vertex));
    glAttachShader(h->program, compile(GL_FRAGMENT_SHADER, fragment));
    glBindAttribLocation(h->program, 0, "a_position");
    glLinkProgram(h->program);
    h->offset_location = glGetUniformLocation(h->program, "u_offset");
    h->color_location = glGetUniformLocation(h->program, "u_color");
    glUseProgram(h->program);
    glGenBuffers(1, &h->buffer);
    glBindBuffer(GL_ARRAY_BUFFER, h->buffer);
    glBufferData(GL_ARRAY_BUFFER, sizeof band, band, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
    glEnableVertexAttribArray(0);
    glViewport(0, 0, WIDTH, HEIGHT);
}

/* One make-and-release cycle of a canvas with a slider, drawn once into the window's back buffer (the
 * host's next frame draws over it) and finished. */
static void cycle_once(void) {
    ws_canvas *canvas;
    ws_slider *slider;
    check(ws_canvas_create(&canvas), "ws_canvas_create");
    check(ws_slider_create(false, &slider), "ws_slider_create");
    check(ws_slider_set_frame(slider, 8, 0, 416, 44), "ws_slider_set_frame");
    check(ws_slider_set_value(slider, 0.5), "ws_slider_set_value");
    check(ws_canvas_add_slider(canvas, slider), "ws_canvas_add_slider");
    check(ws_canvas_draw(canvas, 0, CANVAS_X, 0, CANVAS_WIDTH, 44, 1), "ws_canvas_draw");
    /* The frame ends here, as a swap would end it: llvmpipe allocates another scene (about 1 MiB, kept for
     * the context's life) when a frame is still in flight at the next one's flush. */
    glFinish();
    ws_canvas_destroy(canvas);
    ws_slider_destroy(slider);
}

static void cycle(struct host *h, int count) {
    struct process_resources first = { 0 }, last = { 0 };
    for (int i = 1; i <= count; i++) {
        cycle_once();
        last = process_resources();
        if (i == 1) first = last;
    }
    print_cycles(count, first, last);
    h->needs_redraw = true;
}

static void command(void *data, const char *line) {
    struct host *h = data;
    int frames;
    if (sscanf(line, "cycle %d", &frames) == 1 && frames > 0) {
        cycle(h, frames);
        return;
    }
    if (sscanf(line, "sweep %d", &frames) != 1 || frames <= 0) {
        fprintf(stderr, "host: unknown command \"%s\"\n", line);
        return;
    }
    h->sweep_left = h->sweep_total = frames;
    h->sweep_start_cpu = process_cpu_milliseconds();
    h->sweep_start_frames = h->window.frames;
    h->needs_redraw = true;
}

static void draw(struct host *h) {
    if (h->sweep_left > 0) {
        check(ws_slider_set_value(h->volume, sweep_value(h->sweep_total - h->sweep_left)), "ws_slider_set_value");
        h->sweep_left--;
    }
    glClearColor(0x1B / 255.0f, 0x2B / 255.0f, 0x34 / 255.0f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glUniform1f(h->offset_location, 0);
    glUniform4f(h->color_location, 0xEC / 255.0f, 0x5F / 255.0f, 0x67 / 255.0f, 1);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    check(ws_canvas_draw(h->canvas, 0, CANVAS_X, HEIGHT - CANVAS_Y - CANVAS_HEIGHT, CANVAS_WIDTH, CANVAS_HEIGHT, 1), "ws_canvas_draw");
    /* The bottom band: the same program, buffer and attribute, moved down by a uniform. */
    glUniform1f(h->offset_location, -2.0f * (HEIGHT - 32) / HEIGHT);
    glUniform4f(h->color_location, 0x99 / 255.0f, 0xC7 / 255.0f, 0x94 / 255.0f, 1);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    host_window_swap(&h->window);
    h->needs_redraw = h->sweep_left > 0;
    if (h->sweep_total > 0 && h->sweep_left == 0) {
        printf("swept frames %lu cpu-ms %.1f host-frames %lu\n", h->window.frames - h->sweep_start_frames,
               process_cpu_milliseconds() - h->sweep_start_cpu, h->window.frames - h->sweep_start_frames);
        fflush(stdout);
        h->sweep_total = 0;
    }
}

static ws_slider *add_slider(struct host *h, const char *label, double y, ws_style style, double value, double step) {
    ws_slider *slider;
    check(ws_slider_create(false, &slider), "ws_slider_create");
    check(ws_slider_set_frame(slider, 8, y, 416, 44), "ws_slider_set_frame");
    check(ws_slider_set_style(slider, style), "ws_slider_set_style");
    check(ws_slider_set_step(slider, step), "ws_slider_set_step");
    check(ws_slider_set_value(slider, value), "ws_slider_set_value");
    print_slider_events(slider, label);
    check(ws_canvas_add_slider(h->canvas, slider), "ws_canvas_add_slider");
    return slider;
}

int main(void) {
    struct host h = { .window = { .pointer_listener = &pointer_listener, .touch_listener = &touch_listener, .on_line = command } };
    h.window.listener_data = &h;
    if (host_window_open(&h.window, "gl-host", WIDTH, HEIGHT) < 0) return 1;
    set_up_scene(&h);
    check(ws_canvas_create(&h.canvas), "ws_canvas_create");
    check(ws_canvas_set_redraw_callback(h.canvas, request_redraw, &h), "ws_canvas_set_redraw_callback");
    ws_slider *volume = h.volume = add_slider(&h, "volume", 14, WS_STYLE_IOS_LIGHT, 0.25, 0);
    format_as_percent(volume);
    ws_slider *steps = add_slider(&h, "steps", 74, WS_STYLE_MATERIAL_LIGHT, 0.5, 0.1);

    draw(&h);
    wl_display_roundtrip(h.window.display);
    printf("ready\n");
    fflush(stdout);
    int status = 0;
    while (!h.window.closed && status == 0) {
        if (h.needs_redraw && !h.window.frame_pending) draw(&h);
        status = host_window_wait(&h.window, ws_canvas_get_timeout(h.canvas));
        check(ws_canvas_fire_timers(h.canvas), "ws_canvas_fire_timers");
    }
    printf("host-frames %lu\n", h.window.frames);
    ws_canvas_destroy(h.canvas);
    ws_slider_destroy(volume);
    ws_slider_destroy(steps);
    host_window_close(&h.window);
    return status < 0 ? 1 : 0;
}
