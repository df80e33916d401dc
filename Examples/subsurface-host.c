/*
 * A C host that embeds two sliders as subsurfaces: its own xdg_toplevel with a coloured background drawn
 * once with EGL, and a WaylandSlider subsurface per slider on the same wl_display. The host never redraws
 * for a slider: each subsurface commits on its own.
 *
 *   subsurface-host [width height]     (points; default 480 x 240)
 *
 * Prints "presentation LABEL egl-window|shm" for each slider's subsurface (how its frames reach the
 * compositor), "ready" once the window and both sliders are shown, a line per slider callback, and when standard
 * input ends, "host-frames N" and "slider-frames LABEL N" before it exits. Reads commands on standard input:
 *   frame INDEX X Y WIDTH HEIGHT    moves and resizes subsurface INDEX (0, 1) and its slider; prints "moved"
 *   sweep FRAMES                    sets the volume slider to a new value for each of its next FRAMES frames,
 *                                   then prints "swept frames N cpu-ms C host-frames H" (the process's CPU
 *                                   time over them, all threads): the cost of a frame where only a slider changes
 *   queued                          sets the volume slider, draws it, then dispatches only the steps subsurface
 *                                   (up to 20 times, 50 ms each) until the volume's timeout is 0, as it is once
 *                                   the steps' reads queued the volume's frame events; a slow host can read its
 *                                   frame callback in the volume's own dispatch, so up to 10 tries, each with a
 *                                   new value; prints "queued timeout T tries N"
 *   cycle COUNT                     COUNT times: creates a third subsurface with one slider, waits for its first
 *                                   frame and destroys both; then prints "cycled ..." (see print_cycles) with
 *                                   the descriptors and memory after the first and the last
 *   publish APP-ID                  publishes the volume slider on the accessibility bus; prints "published yes|no"
 *   haptics APP-ID                  plays both sliders' detents and limits on the vibration motor (the default
 *                                   pulses, the device found automatically); prints "haptics feedbackd|evdev|none"
 */
#include <GLES2/gl2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <waylandslider.h>

#include "common/host-window.h"
#include "common/slider-events.h"

/* The host's background: a dark slate (#2E3440). */
static const float background[3] = { 0x2E / 255.0f, 0x34 / 255.0f, 0x40 / 255.0f };

struct embedded {
    const char *label;
    ws_slider *slider;
    ws_subsurface *subsurface;
};

static struct embedded sliders[2] = { { .label = "volume" }, { .label = "steps" } };
/* A sweep under way: frames left, and the frame count, CPU time and host frames when it started. */
static struct {
    int left, total;
    uint64_t start_frames, last_frames;
    double start_cpu;
    unsigned long start_host_frames;
} sweep;

/* A move waiting for its subsurface's next frame: its index and the frame count before it, or -1. */
static int moving = -1;
static uint64_t frames_before_move;

/* One make-and-release cycle of a subsurface with a slider, below the other two. */
static void cycle_once(struct host_window *window) {
    ws_subsurface *subsurface;
    ws_slider *slider;
    check(ws_subsurface_create(window->display, window->surface, 24, 192, 432, 44, 1, &subsurface), "ws_subsurface_create");
    check(ws_slider_create(false, &slider), "ws_slider_create");
    check(ws_slider_set_frame(slider, 8, 0, 416, 44), "ws_slider_set_frame");
    check(ws_slider_set_value(slider, 0.5), "ws_slider_set_value");
    check(ws_subsurface_add_slider(subsurface, slider), "ws_subsurface_add_slider");
    while (ws_subsurface_get_frame_count(subsurface) == 0) check(ws_subsurface_dispatch(subsurface, 100), "ws_subsurface_dispatch");
    ws_subsurface_destroy(subsurface);
    ws_slider_destroy(slider);
    /* The destruction requests reach the compositor before the resources are read. */
    wl_display_roundtrip(window->display);
}

static void cycle(struct host_window *window, int count) {
    struct process_resources first = { 0 }, last = { 0 };
    for (int i = 1; i <= count; i++) {
        cycle_once(window);
        last = process_resources();
        if (i == 1) first = last;
    }
    print_cycles(count, first, last);
}

static void command(void *data, const char *line) {
    struct host_window *window = data;
    int index, frames;
    if (sscanf(line, "cycle %d", &frames) == 1 && frames > 0) {
        cycle(window, frames);
        return;
    }
    if (strcmp(line, "queued") == 0) {
        int timeout = -1, tries = 0;
        while (timeout != 0 && tries < 10) {
            tries++;
            check(ws_slider_set_value(sliders[0].slider, tries % 2 ? 0.9 : 0.1), "ws_slider_set_value");
            check(ws_subsurface_dispatch(sliders[0].subsurface, 0), "ws_subsurface_dispatch");
            timeout = ws_subsurface_get_timeout(sliders[0].subsurface);
            for (int i = 0; i < 20 && timeout != 0; i++) {
                check(ws_subsurface_dispatch(sliders[1].subsurface, 50), "ws_subsurface_dispatch");
                timeout = ws_subsurface_get_timeout(sliders[0].subsurface);
            }
            /* The volume's own events, whatever is left of them, before the next try. */
            check(ws_subsurface_dispatch(sliders[0].subsurface, 0), "ws_subsurface_dispatch");
        }
        printf("queued timeout %d tries %d\n", timeout, tries);
        fflush(stdout);
        return;
    }
    char app_id[128];
    if (sscanf(line, "publish %127s", app_id) == 1) {
        /* The volume slider on the accessibility bus, under our app id, named for screen readers. */
        bool published = false;
        check(ws_slider_set_label(sliders[0].slider, "Volume"), "ws_slider_set_label");
        check(ws_subsurface_publish_accessibility(sliders[0].subsurface, app_id, "Host sliders", NULL, &published),
              "ws_subsurface_publish_accessibility");
        window->extra_fd = ws_subsurface_get_accessibility_fd(sliders[0].subsurface);
        printf("published %s\n", published ? "yes" : "no");
        fflush(stdout);
        return;
    }
    if (sscanf(line, "haptics %127s", app_id) == 1) {
        /* Detents a finger can feel: feedbackd, else an evdev vibrator, else nothing. */
        const ws_haptics haptics = WS_HAPTICS_DEFAULT;
        ws_haptics_device device = WS_HAPTICS_AUTOMATIC;
        for (int i = 0; i < 2; i++)
            check(ws_subsurface_set_haptics(sliders[i].subsurface, &haptics, app_id), "ws_subsurface_set_haptics");
        check(ws_subsurface_get_haptics_device(sliders[0].subsurface, &device), "ws_subsurface_get_haptics_device");
        printf("haptics %s\n", device == WS_HAPTICS_FEEDBACKD ? "feedbackd" : device == WS_HAPTICS_EVDEV ? "evdev" : "none");
        fflush(stdout);
        return;
    }
    double x, y, width, height;
    if (sscanf(line, "sweep %d", &frames) == 1 && frames > 0) {
        sweep.left = sweep.total = frames;
        sweep.start_frames = sweep.last_frames = ws_subsurface_get_frame_count(sliders[0].subsurface);
        sweep.start_cpu = process_cpu_milliseconds();
        sweep.start_host_frames = window->frames;
        check(ws_slider_set_value(sliders[0].slider, sweep_value(0)), "ws_slider_set_value");
        return;
    }
    if (sscanf(line, "frame %d %lf %lf %lf %lf", &index, &x, &y, &width, &height) != 5 || index < 0 || index > 1) {
        fprintf(stderr, "host: unknown command \"%s\"\n", line);
        return;
    }
    check(ws_subsurface_set_frame(sliders[index].subsurface, x, y, width, height), "ws_subsurface_set_frame");
    check(ws_slider_set_frame(sliders[index].slider, 8, 14, width - 16, 44), "ws_slider_set_frame");
    /* The new position is the parent's state: it shows with the parent's next commit, which needs no new buffer. */
    wl_surface_commit(window->surface);
    moving = index;
    frames_before_move = ws_subsurface_get_frame_count(sliders[index].subsurface);
}

static void embed(struct host_window *window, struct embedded *e, double y, ws_style style, double value, double step) {
    /* Each subsurface is 432 x 72 points; the slider fills it but for a margin. */
    check(ws_subsurface_create(window->display, window->surface, 24, y, 432, 72, 1, &e->subsurface), "ws_subsurface_create");
    check(ws_slider_create(false, &e->slider), "ws_slider_create");
    check(ws_slider_set_frame(e->slider, 8, 14, 416, 44), "ws_slider_set_frame");
    check(ws_slider_set_style(e->slider, style), "ws_slider_set_style");
    check(ws_slider_set_step(e->slider, step), "ws_slider_set_step");
    check(ws_slider_set_value(e->slider, value), "ws_slider_set_value");
    print_slider_events(e->slider, e->label);
    check(ws_subsurface_add_slider(e->subsurface, e->slider), "ws_subsurface_add_slider");
}

int main(int argc, char **argv) {
    struct host_window window = { .on_line = command };
    window.listener_data = &window;
    int width = argc > 2 ? atoi(argv[1]) : 480, height = argc > 2 ? atoi(argv[2]) : 240;
    if (host_window_open(&window, "subsurface-host", width, height) < 0) return 1;

    glClearColor(background[0], background[1], background[2], 1);
    glClear(GL_COLOR_BUFFER_BIT);
    host_window_swap(&window);

    embed(&window, &sliders[0], 24, WS_STYLE_IOS_LIGHT, 0.25, 0);
    format_as_percent(sliders[0].slider);
    embed(&window, &sliders[1], 120, WS_STYLE_MATERIAL_LIGHT, 0.5, 0.1);

    bool ready = false;
    int status = 0;
    while (!window.closed && status == 0) {
        int timeout = -1;
        for (int i = 0; i < 2; i++) {
            int t = ws_subsurface_get_timeout(sliders[i].subsurface);
            if (t >= 0 && (timeout < 0 || t < timeout)) timeout = t;
        }
        /* The first round draws the sliders' first frames without waiting. */
        status = host_window_wait(&window, ready ? timeout : 0);
        for (int i = 0; i < 2; i++) check(ws_subsurface_dispatch(sliders[i].subsurface, 0), "ws_subsurface_dispatch");
        if (!ready && ws_subsurface_get_frame_count(sliders[0].subsurface) > 0 && ws_subsurface_get_frame_count(sliders[1].subsurface) > 0) {
            /* The subsurfaces' places are the parent's state, and a compositor may show a new subsurface (weston
             * 10 sends it frame callbacks) only from the parent's next commit: commit once their first frames are,
             * and say ready once that commit is shown (input injected before could reach the parent instead). */
            if (host_window_commit_and_wait_shown(&window) < 0) {
                status = -1;
                break;
            }
            ready = true;
            for (int i = 0; i < 2; i++) {
                ws_presentation presentation;
                check(ws_subsurface_get_presentation(sliders[i].subsurface, &presentation), "ws_subsurface_get_presentation");
                printf("presentation %s %s\n", sliders[i].label, presentation == WS_PRESENTATION_SHM ? "shm" : "egl-window");
            }
            printf("ready\n");
            fflush(stdout);
        }
        uint64_t frames = ws_subsurface_get_frame_count(sliders[0].subsurface);
        if (sweep.left > 0 && frames != sweep.last_frames) {
            sweep.last_frames = frames;
            if (--sweep.left > 0) {
                check(ws_slider_set_value(sliders[0].slider, sweep_value(sweep.total - sweep.left)), "ws_slider_set_value");
            } else {
                printf("swept frames %llu cpu-ms %.1f host-frames %lu\n", (unsigned long long)(frames - sweep.start_frames),
                       process_cpu_milliseconds() - sweep.start_cpu, window.frames - sweep.start_host_frames);
                fflush(stdout);
            }
        }
        if (moving >= 0 && ws_subsurface_get_frame_count(sliders[moving].subsurface) > frames_before_move) {
            wl_display_roundtrip(window.display);
            moving = -1;
            printf("moved\n");
            fflush(stdout);
        }
    }
    printf("host-frames %lu\n", window.frames);
    for (int i = 0; i < 2; i++) {
        printf("slider-frames %s %llu\n", sliders[i].label, (unsigned long long)ws_subsurface_get_frame_count(sliders[i].subsurface));
        ws_subsurface_destroy(sliders[i].subsurface);
        ws_slider_destroy(sliders[i].slider);
    }
    host_window_close(&window);
    return status < 0 ? 1 : 0;
}
