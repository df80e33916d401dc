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

/* Exits with a message when status is not WS_OK. */
void check(ws_status status, const char *what);

#endif
