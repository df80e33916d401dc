/* What this process holds now, read from /proc: for the lifetime checks of the example hosts and of the bare
 * Mesa client the tests measure WaylandSlider's EGL path against (it uses nothing else of the examples). */
#ifndef PROCESS_RESOURCES_H
#define PROCESS_RESOURCES_H

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

#endif
