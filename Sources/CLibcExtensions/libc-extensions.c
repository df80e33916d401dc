#define _GNU_SOURCE
#include "libc-extensions.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <signal.h>
#include <langinfo.h>
#include <locale.h>
#include <unistd.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

int slider_shared_memory_file(const char *name, size_t size) {
    int fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    int result;
    do { result = ftruncate(fd, (off_t)size); } while (result < 0 && errno == EINTR);
    if (result < 0 || fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_SEAL) < 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

const char *slider_errno_name(int code) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 32))
    return strerrorname_np(code);
#else
    (void)code;
    return NULL;
#endif
}

int slider_become_child_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }

int slider_release_free_heap_pages(void) {
#ifdef __GLIBC__
    return malloc_trim(0);
#else
    return 0;
#endif
}

int slider_usable_cpus(void) {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0) return 1;
    int count = CPU_COUNT(&set);
    return count > 0 ? count : 1;
}

int slider_poll_microseconds(struct pollfd *descriptors, nfds_t count, long long microseconds) {
    if (microseconds < 0) return ppoll(descriptors, count, NULL, NULL);
    struct timespec wait = {.tv_sec = microseconds / 1000000, .tv_nsec = (microseconds % 1000000) * 1000};
    return ppoll(descriptors, count, &wait, NULL);
}

static void termination_signals(sigset_t *signals) {
    sigemptyset(signals);
    sigaddset(signals, SIGTERM);
    sigaddset(signals, SIGINT);
    sigaddset(signals, SIGHUP);
}

int slider_termination_signals_descriptor(void) {
    sigset_t signals;
    termination_signals(&signals);
    if (sigprocmask(SIG_BLOCK, &signals, NULL) != 0) return -1;
    return signalfd(-1, &signals, SFD_CLOEXEC | SFD_NONBLOCK);
}

int slider_read_termination_signal(int descriptor) {
    struct signalfd_siginfo info;
    int last = 0;
    while (read(descriptor, &info, sizeof info) == (ssize_t)sizeof info) last = (int)info.ssi_signo;
    return last;
}

void slider_close_termination_signals_descriptor(int descriptor) {
    close(descriptor);
    sigset_t signals;
    termination_signals(&signals);
    sigprocmask(SIG_UNBLOCK, &signals, NULL);
}

static int copy_symbol(char *target, const char *source, size_t size) {
    size_t length = strlen(source);
    if (length >= size) { errno = ERANGE; return -1; }
    memcpy(target, source, length + 1);
    return 0;
}

int slider_number_symbols(const char *name, char *decimal_point, char *thousands_separator, char *grouping, size_t size) {
    locale_t locale = newlocale(LC_NUMERIC_MASK, name, (locale_t)0);
    if (locale == (locale_t)0) return -1;
    int result = copy_symbol(decimal_point, nl_langinfo_l(RADIXCHAR, locale), size);
    if (result == 0) result = copy_symbol(thousands_separator, nl_langinfo_l(THOUSEP, locale), size);
    if (result == 0) result = copy_symbol(grouping, nl_langinfo_l(GROUPING, locale), size);
    int saved = errno;
    freelocale(locale);
    errno = saved;
    return result;
}
