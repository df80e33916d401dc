#include "slider-events.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

static void value_changed(ws_slider *slider, double value, void *label) {
    printf("value %s %.17g\n", (const char *)label, value);
    fflush(stdout);
}

static void editing_changed(ws_slider *slider, bool editing, void *label) {
    printf("editing %s %s\n", (const char *)label, editing ? "began" : "ended");
    fflush(stdout);
}

static void stepped(ws_slider *slider, const ws_step_event *step, void *label) {
    printf("step %s direction %+d count %d value %.17g\n", (const char *)label, step->direction, step->count, step->value);
    fflush(stdout);
}

void print_slider_events(ws_slider *slider, const char *label) {
    check(ws_slider_set_value_changed_callback(slider, value_changed, (void *)label), "value callback");
    check(ws_slider_set_editing_callback(slider, editing_changed, (void *)label), "editing callback");
    check(ws_slider_set_step_callback(slider, stepped, (void *)label), "step callback");
}

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

struct process_resources process_resources(void) {
    struct process_resources r = { -1, -1, -1 };
    DIR *fds = opendir("/proc/self/fd");
    if (fds) {
        long count = 0;
        for (struct dirent *entry; (entry = readdir(fds));) {
            if (entry->d_name[0] != '.') count++;
        }
        closedir(fds);
        r.descriptors = count - 1; /* less the one reading the folder */
    }
    FILE *status = fopen("/proc/self/status", "r");
    if (status) {
        char line[256];
        long anonymous = -1, file = -1, shared = -1;
        while (fgets(line, sizeof line, status)) {
            sscanf(line, "RssAnon: %ld", &anonymous);
            sscanf(line, "RssFile: %ld", &file);
            sscanf(line, "RssShmem: %ld", &shared);
        }
        fclose(status);
        if (anonymous >= 0 && shared >= 0) r.allocated_kib = anonymous + shared;
        if (anonymous >= 0 && file >= 0 && shared >= 0) r.resident_kib = anonymous + file + shared;
    }
    return r;
}

void print_cycles(int count, struct process_resources first, struct process_resources last) {
    printf("cycled %d descriptors %ld %ld resident-kib %ld %ld allocated-kib %ld %ld\n", count, first.descriptors, last.descriptors,
           first.resident_kib, last.resident_kib, first.allocated_kib, last.allocated_kib);
    fflush(stdout);
}
