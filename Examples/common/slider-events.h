/* Prints a slider's callbacks on standard output, one line each, for the tests that run the examples:
 *   value <label> <value>      (17 significant digits: the exact double)
 *   editing <label> began|ended
 *   text <label> <text>        (after "editing ... ended": the value as the formatter writes it)
 *   step <label> direction <+1|-1> count <n> value <value>
 *   limit <label> minimum|maximum
 *   cancel <label>
 */
#ifndef SLIDER_EVENTS_H
#define SLIDER_EVENTS_H

#include <waylandslider.h>

#include "process-resources.h"

/* Sets the callbacks of slider; label must outlive it. */
void print_slider_events(ws_slider *slider, const char *label);

/* Makes the slider's value text a whole percentage ("24 %"). */
void format_as_percent(ws_slider *slider);

/* The CPU time this process has used so far, every thread (llvmpipe's too), in milliseconds. */
double process_cpu_milliseconds(void);

/* The value of frame `frame` of a sweep: back and forth from 0 to 1 in hundredths. */
double sweep_value(int frame);

/* Exits with a message when status is not WS_OK. */
void check(ws_status status, const char *what);

#endif
