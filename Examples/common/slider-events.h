/* Prints a slider's callbacks on standard output, one line each, for the tests that run the examples:
 *   value <label> <value>      (17 significant digits: the exact double)
 *   editing <label> began|ended
 *   step <label> direction <+1|-1> count <n> value <value>
 */
#ifndef SLIDER_EVENTS_H
#define SLIDER_EVENTS_H

#include <waylandslider.h>

/* Sets the three callbacks of slider; label must outlive it. */
void print_slider_events(ws_slider *slider, const char *label);

/* The CPU time this process has used so far, every thread (llvmpipe's too), in milliseconds. */
double process_cpu_milliseconds(void);

/* This process's open file descriptors and resident memory now, in KiB (/proc/self): in all, and what of it
 * the process allocated (anonymous and shared memory: heap, stacks, wl_shm buffers; the rest is mapped
 * files' pages, such as library code). */
struct process_resources {
    long descriptors, resident_kib, allocated_kib;
};
struct process_resources process_resources(void);

/* Prints "cycled N descriptors FIRST LAST resident-kib FIRST LAST allocated-kib FIRST LAST": the resources
 * after the first and the last of N make-and-release cycles. */
void print_cycles(int count, struct process_resources first, struct process_resources last);

/* The value of frame `frame` of a sweep: back and forth from 0 to 1 in hundredths. */
double sweep_value(int frame);

/* Exits with a message when status is not WS_OK. */
void check(ws_status status, const char *what);

#endif
