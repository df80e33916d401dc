// The CPU renderer's inner loops in C: one row of premultiplied Float planes (red, green, blue, alpha, each
// `capacity` floats apart) where a rounded rect, its shadow or a textured quad is composited "over", and the row written as
// ARGB8888. The same coverage as the fragment shader (Shaders/slider.frag) at each pixel's centre. In C so a
// debug build of an application that depends on this package draws at a usable speed: Swift's generic SIMD
// code unoptimized is about a hundred times slower, and SwiftPM lets no dependency set -O.
#ifndef SLIDER_CPU_RASTER_H
#define SLIDER_CPU_RASTER_H

#include <stdint.h>

// A rounded rect (`shadow` 0: filled inside an optional border) or its blurred shadow (`shadow` 1), in device
// pixels; colours premultiplied, red, green, blue, alpha.
typedef struct slider_raster_shape {
    int shadow;
    float lower_x, lower_y, upper_x, upper_y;
    float radius, border_width, sigma;
    float fill[4], border[4];
} slider_raster_shape;

// Composites `shape` over columns `start` to `end` (exclusive) of row `y`; the planes' index 0 is column `row_x`.
void slider_raster_composite_shape(float *planes, int capacity, int row_x, const slider_raster_shape *shape, int y, int start, int end);

// A textured quad: a distance field from the atlas in the tint (`distance_field` 1: coverage from the texel's
// alpha, `edge` its value on the outline, `field_scale` pixels per unit past it), or a premultiplied image
// times the tint (0). (u0, v0, u1, v1): its atlas coordinates in 0...1.
typedef struct slider_raster_quad {
    int distance_field;
    float lower_x, lower_y, upper_x, upper_y;
    float u0, v0, u1, v1;
    float fill[4];
    float field_scale, edge;
} slider_raster_quad;

// Composites `quad` over columns `start` to `end` (exclusive) of row `y`, sampling the RGBA8 atlas of
// `atlas_size` x `atlas_size` texels as GL_LINEAR with GL_CLAMP_TO_EDGE samples it.
void slider_raster_composite_quad(float *planes, int capacity, int row_x, const slider_raster_quad *quad, int y, int start, int end,
                                  const uint8_t *atlas, int atlas_size);

// A premultiplied colour as an ARGB8888 word, each channel rounded as `slider_raster_write_row` rounds it.
uint32_t slider_raster_word(float red, float green, float blue, float alpha);

// Writes `width` pixels of the planes as premultiplied ARGB8888 words, each channel rounded to nearest.
void slider_raster_write_row(const float *planes, int capacity, int width, uint32_t *destination);

#endif
