#include "cpu-raster.h"

#include <math.h>
#include <string.h>

// Eight pixels at a time in clang's vector types: vector instructions whether or not the build optimizes.
// The helpers taking and returning them are static (no ABI leaves this file), so clang's note that eight
// floats are passed differently with and without AVX does not apply.
#pragma clang diagnostic ignored "-Wpsabi"
typedef float lanes __attribute__((ext_vector_type(8)));
typedef int32_t masks __attribute__((ext_vector_type(8)));
typedef uint32_t words __attribute__((ext_vector_type(8)));

enum { LANES = 8 };

static inline lanes splat(float v) { return (lanes)v; }
static inline lanes vmax(lanes a, lanes b) { return __builtin_elementwise_max(a, b); }
static inline lanes vmin(lanes a, lanes b) { return __builtin_elementwise_min(a, b); }
static inline lanes clamp01(lanes v) { return vmin(vmax(v, splat(0)), splat(1)); }
// `a` where `mask` is set, else `b`.
static inline lanes pick(masks mask, lanes a, lanes b) { return (lanes)((mask & (masks)a) | (~mask & (masks)b)); }
static inline lanes load(const float *p) { lanes v; memcpy(&v, p, sizeof v); return v; }
static inline void store(float *p, lanes v) { memcpy(p, &v, sizeof v); }

static inline lanes vsqrt(lanes v) {
    for (int i = 0; i < LANES; i++) v[i] = sqrtf(v[i]);
    return v;
}

// erf by Abramowitz and Stegun 7.1.27, as the shader's erf2.
static inline lanes erf_as(lanes x) {
    lanes s = __builtin_convertvector((x < 0) - (x > 0), lanes);
    lanes a = x * s;
    lanes t = 1 + (0.278393f + (0.230389f + (0.000972f + 0.078108f * a) * a) * a) * a;
    t *= t;
    return s - s / (t * t);
}

// The shader's roundedBoxShadow: the exact box blur mixed with the curvature-shifted erf by how round the
// corners are against the blur. A thumb's shadow (corners of radius 2 sigma and more) is the erf alone, a
// sharp box's the box blur alone.
static inline lanes shadow_alpha(const slider_raster_shape *s, lanes px, float py, lanes d, masks on_arc) {
    float k = 0.7071067812f / s->sigma;
    float t = fminf(fmaxf(s->radius / (2 * s->sigma), 0), 1);
    lanes round = splat(0);
    if (t > 0) {
        lanes curvature = pick(on_arc, splat(1 / fmaxf(s->radius, 1e-3f)), splat(0));
        round = 0.5f - 0.5f * erf_as((d + 0.5f * s->sigma * s->sigma * curvature) * k);
        if (t == 1) return round;
    }
    lanes across_x = 0.5f * (erf_as((px - s->lower_x) * k) - erf_as((px - s->upper_x) * k));
    float across_y = 0.5f * (erf_as(splat((py - s->lower_y) * k)) - erf_as(splat((py - s->upper_y) * k)))[0];
    lanes box = across_x * across_y;
    return box + (round - box) * t;
}

void slider_raster_composite_shape(float *planes, int capacity, int row_x, const slider_raster_shape *s, int y, int start, int end) {
    const lanes centres = {0.5f, 1.5f, 2.5f, 3.5f, 4.5f, 5.5f, 6.5f, 7.5f};
    const masks indices = {0, 1, 2, 3, 4, 5, 6, 7};
    float py = (float)y + 0.5f;
    float radius = s->radius;
    float qy = fmaxf(s->lower_y - py, py - s->upper_y) + radius;
    float clamped_qy = fmaxf(qy, 0);
    float arc_bias = 1 / (24 * fmaxf(radius, 0.5f));
    for (int column = start; column < end; column += LANES) {
        lanes px = splat((float)column) + centres;
        lanes qx = vmax(s->lower_x - px, px - s->upper_x) + radius;
        lanes clamped_qx = vmax(qx, splat(0));
        lanes d = vsqrt(clamped_qx * clamped_qx + clamped_qy * clamped_qy) + vmin(vmax(qx, splat(qy)), splat(0)) - radius;
        masks on_arc = (qx >= 0) & (qy >= 0 ? (masks)-1 : (masks)0);
        lanes r, g, b, a;
        if (s->shadow) {
            lanes coverage = shadow_alpha(s, px, py, d, on_arc);
            r = coverage * s->fill[0], g = coverage * s->fill[1], b = coverage * s->fill[2], a = coverage * s->fill[3];
        } else {
            lanes outer = clamp01(0.5f - d - pick(on_arc, splat(arc_bias), splat(0)));
            lanes inner = s->border_width > 0 ? clamp01(0.5f - (d + s->border_width)) : outer;
            lanes ring = outer - inner;
            r = s->fill[0] * inner + s->border[0] * ring, g = s->fill[1] * inner + s->border[1] * ring;
            b = s->fill[2] * inner + s->border[2] * ring, a = s->fill[3] * inner + s->border[3] * ring;
        }
        // Lanes past the item's end add nothing (the planes have a lane group to spare past the row).
        masks inside = indices < end - column;
        r = pick(inside, r, splat(0)), g = pick(inside, g, splat(0)), b = pick(inside, b, splat(0)), a = pick(inside, a, splat(0));
        float *p = planes + (column - row_x);
        lanes keep = 1 - a;
        store(p, r + load(p) * keep);
        store(p + capacity, g + load(p + capacity) * keep);
        store(p + 2 * capacity, b + load(p + 2 * capacity) * keep);
        store(p + 3 * capacity, a + load(p + 3 * capacity) * keep);
    }
}

// The atlas texel at (x, y), clamped to the atlas, channel `c` in 0...1.
static inline float texel(const uint8_t *atlas, int size, int x, int y, int c) {
    int cx = x < 0 ? 0 : (x >= size ? size - 1 : x), cy = y < 0 ? 0 : (y >= size ? size - 1 : y);
    return (float)atlas[((size_t)cy * (size_t)size + (size_t)cx) * 4 + (size_t)c] * (1.0f / 255);
}

void slider_raster_composite_quad(float *planes, int capacity, int row_x, const slider_raster_quad *q, int y, int start, int end,
                                  const uint8_t *atlas, int atlas_size) {
    float py = (float)y + 0.5f;
    float width = fmaxf(q->upper_x - q->lower_x, 1e-6f), height = fmaxf(q->upper_y - q->lower_y, 1e-6f);
    float ty = fminf(fmaxf((py - q->lower_y) / height, 0), 1);
    float t = (q->v0 + (q->v1 - q->v0) * ty) * (float)atlas_size - 0.5f;
    float y0 = floorf(t), fy = t - y0;
    int iy = (int)y0;
    for (int column = start; column < end; column++) {
        float px = (float)column + 0.5f;
        float tx = fminf(fmaxf((px - q->lower_x) / width, 0), 1);
        float s = (q->u0 + (q->u1 - q->u0) * tx) * (float)atlas_size - 0.5f;
        float x0 = floorf(s), fx = s - x0;
        int ix = (int)x0;
        float sample[4];
        for (int c = 0; c < 4; c++) {
            float top = texel(atlas, atlas_size, ix, iy, c) + (texel(atlas, atlas_size, ix + 1, iy, c) - texel(atlas, atlas_size, ix, iy, c)) * fx;
            float bottom = texel(atlas, atlas_size, ix, iy + 1, c)
                + (texel(atlas, atlas_size, ix + 1, iy + 1, c) - texel(atlas, atlas_size, ix, iy + 1, c)) * fx;
            sample[c] = top + (bottom - top) * fy;
        }
        float source[4];
        if (q->distance_field) {
            float coverage = fminf(fmaxf(0.5f + (sample[3] - q->edge) * q->field_scale, 0), 1);
            for (int c = 0; c < 4; c++) source[c] = q->fill[c] * coverage;
        } else {
            for (int c = 0; c < 4; c++) source[c] = sample[c] * q->fill[c];
        }
        float keep = 1 - source[3];
        float *p = planes + (column - row_x);
        for (int c = 0; c < 4; c++) p[c * capacity] = source[c] + p[c * capacity] * keep;
    }
}

// `v` in 0...1 as 0...255, rounded to nearest: 2^23 added to a float below 2^23 leaves the integer in the
// low mantissa bits.
static inline words quantize(lanes v) { return (words)(clamp01(v) * 255 + 8388608.0f) & 0xFF; }

uint32_t slider_raster_word(float red, float green, float blue, float alpha) {
    words channels = quantize((lanes){red, green, blue, alpha, 0, 0, 0, 0});
    return channels[3] << 24 | channels[0] << 16 | channels[1] << 8 | channels[2];
}

void slider_raster_write_row(const float *planes, int capacity, int width, uint32_t *destination) {
    for (int i = 0; i < width; i += LANES) {
        words packed = quantize(load(planes + 3 * capacity + i)) << 24 | quantize(load(planes + i)) << 16
            | quantize(load(planes + capacity + i)) << 8 | quantize(load(planes + 2 * capacity + i));
        int count = width - i < LANES ? width - i : LANES;
        memcpy(destination + i, &packed, (size_t)count * sizeof(uint32_t));
    }
}
