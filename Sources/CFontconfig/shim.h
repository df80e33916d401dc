// fontconfig: finds the font file for a pattern ("sans-serif", "DejaVu Sans:bold") the way desktop apps do.
#include <fontconfig/fontconfig.h>
