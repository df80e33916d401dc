#version 100
#extension GL_OES_standard_derivatives : enable
// WaylandSlider: every primitive of the scene from signed distance functions, in device pixels.
// Output is premultiplied; the renderer blends with ONE, ONE_MINUS_SRC_ALPHA.
precision highp float;

varying vec2 v_position;
varying vec4 v_rect;
varying vec4 v_shape;
varying vec4 v_fill;
varying vec4 v_border;

// ---- Shared SDF helpers -------------------------------------------------------------------------

// Signed distance from p to a rounded box (negative inside), all in device pixels.
float roundedBoxDistance(vec2 p, vec2 center, vec2 halfSize, float radius) {
    vec2 q = abs(p - center) - halfSize + radius;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}

// Area coverage of a pixel by the inside of an edge at signed distance d (scene units): a ramp one
// device pixel wide, exact for a straight edge.
float coverage(float d, float pixelsPerUnit) {
    return clamp(0.5 - d * pixelsPerUnit, 0.0, 1.0);
}

// Coverage of the pixel at p by a rounded box grown by -inset. Pixels near the edge average four
// half-pixel ramps: a curved edge (a two-pixel tick, a track's round end) bends across one pixel, and the
// single ramp's error there reaches 6 %; the four quarters bring it under 2 %.
float shapeCoverage(vec2 p, vec2 center, vec2 halfSize, float radius, float inset, float pixelsPerUnit) {
    float d = roundedBoxDistance(p, center, halfSize, radius) + inset;
    if (abs(d) * pixelsPerUnit >= 0.75) {
        return d < 0.0 ? 1.0 : 0.0;
    }
    float quarter = 0.25 / pixelsPerUnit;
    float sum = coverage(roundedBoxDistance(p + vec2(-quarter, -quarter), center, halfSize, radius) + inset, 2.0 * pixelsPerUnit)
              + coverage(roundedBoxDistance(p + vec2(quarter, -quarter), center, halfSize, radius) + inset, 2.0 * pixelsPerUnit)
              + coverage(roundedBoxDistance(p + vec2(-quarter, quarter), center, halfSize, radius) + inset, 2.0 * pixelsPerUnit)
              + coverage(roundedBoxDistance(p + vec2(quarter, quarter), center, halfSize, radius) + inset, 2.0 * pixelsPerUnit);
    return 0.25 * sum;
}

// erf by Abramowitz and Stegun 7.1.26 (|error| < 1.5e-7), for two arguments at once.
vec2 erf2(vec2 x) {
    vec2 s = sign(x);
    vec2 a = abs(x);
    vec2 t = 1.0 / (1.0 + 0.3275911 * a);
    vec2 poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
    return s * (1.0 - poly * exp(-a * a));
}

float gaussian(float x, float sigma) {
    return exp(-(x * x) / (2.0 * sigma * sigma)) / (2.5066282746 * sigma);
}

// ---- Shadow: a rounded box convolved with a Gaussian ---------------------------------------------
// Across x the integral is exact: the box's row at height y spans [-w(y), w(y)], and the Gaussian's
// integral over it is a difference of two erf terms, Phi((p - lower)/sigma) - Phi((p - upper)/sigma).
// Along y the integral is a midpoint rule over +-4 sigma (all but 0.006 % of the Gaussian's mass).

float shadowRow(float x, float y, float sigma, float radius, vec2 halfSize) {
    float inset = min(halfSize.y - radius - abs(y), 0.0);
    float halfWidth = halfSize.x - radius + sqrt(max(0.0, radius * radius - inset * inset));
    vec2 terms = erf2((vec2(x) - vec2(-halfWidth, halfWidth)) * (0.7071067812 / sigma));
    return 0.5 * (terms.x - terms.y);
}

float roundedBoxShadow(vec2 p, vec2 center, vec2 halfSize, float radius, float sigma) {
    vec2 q = p - center;
    float low = q.y - halfSize.y;
    float high = q.y + halfSize.y;
    float start = clamp(-4.0 * sigma, low, high);
    float end = clamp(4.0 * sigma, low, high);
    float stepSize = (end - start) / 16.0;
    float y = start + stepSize * 0.5;
    float value = 0.0;
    for (int i = 0; i < 16; i++) {
        value += shadowRow(q.x, q.y - y, sigma, radius, halfSize) * gaussian(y, sigma) * stepSize;
        y += stepSize;
    }
    return value;
}

// ---- Per primitive -------------------------------------------------------------------------------

void main() {
    vec2 center = (v_rect.xy + v_rect.zw) * 0.5;
    vec2 halfSize = (v_rect.zw - v_rect.xy) * 0.5;
    float radius = min(v_shape.x, min(halfSize.x, halfSize.y));
    float borderWidth = v_shape.y;
    float sigma = v_shape.z;
    float kind = v_shape.w;

    // Device pixels per scene unit, from the screen-space derivatives of the position (taken before any
    // branch: derivatives need all four pixels of a quad). The derivative of the position, not of d: d's
    // gradient flips sign at a shape's centre and medial axis, where a finite difference of d reads zero
    // and a two-pixel tick would lose its edge.
    float pixelsPerUnit = 2.0 / (length(vec2(dFdx(v_position.x), dFdy(v_position.x)))
                               + length(vec2(dFdx(v_position.y), dFdy(v_position.y))));

    if (kind > 1.5 && kind < 2.5) {
        // kind 2: shadow. A sigma too small to blur is a sharp shape.
        float alpha = sigma < 0.05 ? shapeCoverage(v_position, center, halfSize, radius, 0.0, pixelsPerUnit)
                                   : roundedBoxShadow(v_position, center, halfSize, radius, sigma);
        gl_FragColor = v_fill * alpha;
        return;
    }
    // kinds 0 (rounded rect), 1 (circle), 3 (tick): fill inside the border, border in the ring.
    float outer = shapeCoverage(v_position, center, halfSize, radius, 0.0, pixelsPerUnit);
    float inner = borderWidth > 0.0 ? shapeCoverage(v_position, center, halfSize, radius, borderWidth, pixelsPerUnit) : outer;
    gl_FragColor = v_fill * inner + v_border * (outer - inner);
}
