// glibc's GNU extensions that Swift's Glibc module leaves out (they are declared only under _GNU_SOURCE,
// in <malloc.h>, or variadic, as prctl is): a sealed anonymous shared-memory file for wl_shm pools, errno's
// symbolic names, giving freed heap pages back to the system, reaping orphaned descendants, the CPUs
// this process may run on, and a poll that waits to the microsecond. Wrapped here, compiled with
// _GNU_SOURCE, so Swift sees plain functions.
#ifndef SLIDER_LIBC_EXTENSIONS_H
#define SLIDER_LIBC_EXTENSIONS_H

#include <poll.h>
#include <stddef.h>

// A close-on-exec anonymous file of `size` bytes (memfd_create), sealed against shrinking so a compositor
// that maps it never faults on a truncated pool; `name` shows in /proc/PID/fd. Returns the descriptor, or
// -1 with errno set.
int slider_shared_memory_file(const char *name, size_t size);

// The symbolic name of errno value `code` ("ECONNRESET"; strerrorname_np), NULL when it has none or the C
// library cannot tell.
const char *slider_errno_name(int code);

// Makes this process the reaper of its orphaned descendants (prctl PR_SET_CHILD_SUBREAPER): a process a
// child started and left behind becomes this process's child, to be signalled and reaped, instead of
// init's. Returns 0, or -1 with errno set.
int slider_become_child_subreaper(void);

// Returns the heap's free pages to the system (malloc_trim(0)) where the C library has it; returns 1 when
// memory was released, 0 otherwise.
int slider_release_free_heap_pages(void);

// The CPUs this process may run on (sched_getaffinity: a container's or taskset's CPU set), at least 1.
int slider_usable_cpus(void);

// poll(2) with the wait in microseconds (ppoll), not whole milliseconds; `microseconds` < 0 waits without
// limit. Returns what poll returns, with errno set.
int slider_poll_microseconds(struct pollfd *descriptors, nfds_t count, long long microseconds);

// A descriptor that becomes readable when SIGTERM, SIGINT or SIGHUP arrives (signalfd), those signals blocked
// so they no longer end the process: a program that polls it stops on them as on its own request, with its
// work saved. Close-on-exec and non-blocking. Returns the descriptor, or -1 with errno set.
int slider_termination_signals_descriptor(void);

// Reads the signals waiting on `descriptor` (from slider_termination_signals_descriptor); returns the number of
// the last one, or 0 when none was waiting.
int slider_read_termination_signal(int descriptor);

// Closes `descriptor` and unblocks the three signals again (a program it starts later inherits no blocked
// signal; one that arrives after this ends the process as usual).
void slider_close_termination_signals_descriptor(int descriptor);

// The number symbols of locale `name` (LC_NUMERIC; "" for the environment's: LC_ALL, LC_NUMERIC, LANG) from the
// C library's locale data: the decimal point, the thousands separator and the grouping bytes (C's `grouping`),
// each copied NUL-terminated into a buffer of `size` bytes. Returns 0, or -1 with errno set when the locale is
// not installed (or a symbol does not fit).
int slider_number_symbols(const char *name, char *decimal_point, char *thousands_separator, char *grouping, size_t size);

#endif
