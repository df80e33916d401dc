// FreeType: renders glyphs as signed distance fields (FT_RENDER_MODE_SDF, FreeType 2.11+) for the text atlas.
#include <ft2build.h>
#include FT_FREETYPE_H
