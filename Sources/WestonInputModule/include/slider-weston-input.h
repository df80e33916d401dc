/*
 * The weston input module's entry point, which weston calls when it loads the module
 * (`weston --modules=/path/libslider-weston-input.so`). Nothing else is exported.
 */
#ifndef SLIDER_WESTON_INPUT_H
#define SLIDER_WESTON_INPUT_H

struct weston_compositor;

int wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[]);

#endif
