// Kernel force feedback on an evdev device (linux/input.h: EVIOCGBIT, EVIOCSFF, EVIOCRMFF and the EV_FF
// play event), whose ioctl numbers are macros Swift cannot use: the vibration motor of a phone or panel.
#ifndef SLIDER_FORCE_FEEDBACK_H
#define SLIDER_FORCE_FEEDBACK_H

// The effect kinds a device plays.
enum {
    SLIDER_FORCE_FEEDBACK_RUMBLE = 1,
    SLIDER_FORCE_FEEDBACK_PERIODIC = 2,
};

// The effect kinds the event device `fd` can play (a mask of the values above; 0: none), or -errno when it
// is not an event device.
int slider_force_feedback_kinds(int fd);

// Uploads an effect of `strength` (0...1) lasting `milliseconds`: a rumble when `kind` is
// SLIDER_FORCE_FEEDBACK_RUMBLE, else a sine. `id` -1 makes a new effect, another id replaces that one.
// Returns the effect's id, or -errno.
int slider_force_feedback_upload(int fd, int id, int kind, double strength, unsigned milliseconds);

// Plays uploaded effect `id` once. Returns 0, or -errno.
int slider_force_feedback_play(int fd, int id);

// Removes uploaded effect `id`. Returns 0, or -errno.
int slider_force_feedback_erase(int fd, int id);

#endif
