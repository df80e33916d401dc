// OpenGL ES 2.0; gl2ext.h for extension constants (GL_RGBA8_OES, GL_GUILTY_CONTEXT_RESET_EXT ...).
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
