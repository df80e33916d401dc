#include "slider-events.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

static void value_changed(ws_slider *slider, double value, void *label) {
    printf("value %s %.17g\n", (const char *)label, value);
    fflush(stdout);
}

static void editing_changed(ws_slider *slider, bool editing, void *label) {
    printf("editing %s %s\n", (const char *)label, editing ? "began" : "ended");
    if (!editing) {
        /* The text the value popup showed and a screen reader speaks: the formatter's. */
        char text[64];
        check(ws_slider_get_value_text(slider, 0, text, sizeof text, NULL), "value text");
        printf("text %s %s\n", (const char *)label, text);
    }
    fflush(stdout);
}

static void stepped(ws_slider *slider, const ws_step_event *step, void *label) {
    printf("step %s direction %+d count %d value %.17g\n", (const char *)label, step->direction, step->count, step->value);
    fflush(stdout);
}

static void limited(ws_slider *slider, const ws_limit_event *limit, void *label) {
    printf("limit %s %s\n", (const char *)label, limit->end < 0 ? "minimum" : "maximum");
    fflush(stdout);
}

static void cancelled(ws_slider *slider, void *label) {
    printf("cancel %s\n", (const char *)label);
    fflush(stdout);
}

static size_t percent(ws_slider *slider, double value, char *buffer, size_t size, void *user_data) {
    int length = snprintf(buffer, size, "%.0f %%", value * 100);
    return length < 0 ? 0 : (size_t)length;
}

void print_slider_events(ws_slider *slider, const char *label) {
    check(ws_slider_set_value_changed_callback(slider, value_changed, (void *)label), "value callback");
    check(ws_slider_set_editing_callback(slider, editing_changed, (void *)label), "editing callback");
    check(ws_slider_set_step_callback(slider, stepped, (void *)label), "step callback");
    check(ws_slider_set_limit_callback(slider, limited, (void *)label), "limit callback");
    check(ws_slider_set_cancel_callback(slider, cancelled, (void *)label), "cancel callback");
}

void format_as_percent(ws_slider *slider) { check(ws_slider_set_formatter(slider, percent, NULL), "formatter"); }

void check(ws_status status, const char *what) {
    if (status == WS_OK) return;
    fprintf(stderr, "host: %s failed (%d): %s\n", what, (int)status, ws_last_error());
    exit(1);
}

double process_cpu_milliseconds(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
}

double sweep_value(int frame) {
    int step = frame % 200;
    return (step <= 100 ? step : 200 - step) / 100.0;
}
