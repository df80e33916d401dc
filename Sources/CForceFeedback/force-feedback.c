#include "force-feedback.h"

#include <errno.h>
#include <linux/input.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define BITS_PER_WORD (8 * sizeof(unsigned long))
#define HAS_BIT(bits, bit) (((bits)[(bit) / BITS_PER_WORD] >> ((bit) % BITS_PER_WORD)) & 1UL)

int slider_force_feedback_kinds(int fd) {
    unsigned long features[1 + FF_MAX / BITS_PER_WORD];
    memset(features, 0, sizeof features);
    if (ioctl(fd, EVIOCGBIT(EV_FF, sizeof features), features) < 0)
        return -errno;
    int kinds = 0;
    if (HAS_BIT(features, FF_RUMBLE))
        kinds |= SLIDER_FORCE_FEEDBACK_RUMBLE;
    if (HAS_BIT(features, FF_PERIODIC) && HAS_BIT(features, FF_SINE))
        kinds |= SLIDER_FORCE_FEEDBACK_PERIODIC;
    return kinds;
}

int slider_force_feedback_upload(int fd, int id, int kind, double strength, unsigned milliseconds) {
    if (!(strength >= 0))
        strength = 0;
    if (strength > 1)
        strength = 1;
    if (milliseconds > 0x7fff)
        milliseconds = 0x7fff;
    struct ff_effect effect;
    memset(&effect, 0, sizeof effect);
    effect.id = (short)id;
    effect.replay.length = (unsigned short)milliseconds;
    if (kind == SLIDER_FORCE_FEEDBACK_RUMBLE) {
        effect.type = FF_RUMBLE;
        effect.u.rumble.strong_magnitude = (unsigned short)(0xffff * strength);
    } else {
        effect.type = FF_PERIODIC;
        effect.u.periodic.waveform = FF_SINE;
        effect.u.periodic.period = 10;
        effect.u.periodic.magnitude = (short)(0x7fff * strength);
    }
    if (ioctl(fd, EVIOCSFF, &effect) < 0)
        return -errno;
    return effect.id;
}

int slider_force_feedback_play(int fd, int id) {
    struct input_event event;
    memset(&event, 0, sizeof event);
    event.type = EV_FF;
    event.code = (unsigned short)id;
    event.value = 1;
    ssize_t written = write(fd, &event, sizeof event);
    if (written < 0)
        return -errno;
    return written == (ssize_t)sizeof event ? 0 : -EIO;
}

int slider_force_feedback_erase(int fd, int id) {
    if (ioctl(fd, EVIOCRMFF, id) < 0)
        return -errno;
    return 0;
}
