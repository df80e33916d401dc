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

// Coverage of the pixel at p by the rounded box whose distance there is d. Along a straight side the
// one-pixel ramp is exact. Along a corner's arc of radius r pixels the edge bends away across the pixel
// and the straight ramp overstates the area by about 1 / (24 r) (the area under a parabola of curvature
// 1 / r across a unit pixel): the ramp is moved by that much there. One distance evaluation: a
// four-sample refinement near edges was as accurate but, on llvmpipe, cost as if every pixel ran it.
float shapeCoverage(vec2 p, vec2 center, vec2 halfSize, float radius, float d, float pixelsPerUnit) {
    vec2 q = abs(p - center) - halfSize + radius;
    float onArc = step(0.0, q.x) * step(0.0, q.y);
    float curvatureBias = onArc / (24.0 * max(radius * pixelsPerUnit, 0.5));
    return clamp(0.5 - d * pixelsPerUnit - curvatureBias, 0.0, 1.0);
}

// erf by Abramowitz and Stegun 7.1.27 (|error| < 5e-4): polynomials and a reciprocal, no exp, which
// llvmpipe evaluates slowly. Two arguments at once.
vec2 erf2(vec2 x) {
    vec2 s = sign(x);
    vec2 a = abs(x);
    vec2 t = 1.0 + (0.278393 + (0.230389 + (0.000972 + 0.078108 * a) * a) * a) * a;
    t *= t;
    return s - s / (t * t);
}

// ---- Shadow: a rounded box convolved with a Gaussian ---------------------------------------------
// Across x the integral is exact: the box's row at height y spans [-w(y), w(y)], and the Gaussian's
// integral over it is a difference of two erf terms, Phi((p - lower)/sigma) - Phi((p - upper)/sigma).
// Along y the integral is an 8-point midpoint rule over +-4 sigma (all but 0.006 % of the Gaussian's
// mass); against an exact integral its worst pixel is 1.2 % of the shadow's colour.

float shadowRow(float x, float y, float sigma, float radius, vec2 halfSize) {
    float inset = min(halfSize.y - radius - abs(y), 0.0);
    float halfWidth = halfSize.x - radius + sqrt(max(0.0, radius * radius - inset * inset));
    vec2 terms = erf2((vec2(x) - vec2(-halfWidth, halfWidth)) * (0.7071067812 / sigma));
    return 0.5 * (terms.x - terms.y);
}

float roundedBoxShadow(vec2 p, vec2 center, vec2 halfSize, float radius, float sigma) {
    vec2 q = p - center;
    float start = clamp(-4.0 * sigma, q.y - halfSize.y, q.y + halfSize.y);
    float end = clamp(4.0 * sigma, q.y - halfSize.y, q.y + halfSize.y);
    float stepSize = (end - start) / 8.0;
    float y = start + stepSize * 0.5;
    // The Gaussian's weights along the rows by recurrence (w[k+1] = w[k] r[k], r[k+1] = r[k] c): three exp
    // calls per pixel instead of eight.
    float twoVariance = 2.0 * sigma * sigma;
    float weight = exp(-(y * y) / twoVariance) / (2.5066282746 * sigma) * stepSize;
    float ratio = exp(-(2.0 * y * stepSize + stepSize * stepSize) / twoVariance);
    float ratioStep = exp(-(2.0 * stepSize * stepSize) / twoVariance);
    float value = 0.0;
    for (int i = 0; i < 8; i++) {
        value += shadowRow(q.x, q.y - y, sigma, radius, halfSize) * weight;
        weight *= ratio;
        ratio *= ratioStep;
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
    float sigma = max(v_shape.z, 0.05);
    float kind = v_shape.w;

    // Device pixels per scene unit, from the screen-space derivatives of the position (taken before any
    // branch: derivatives need all four pixels of a quad). The derivative of the position, not of d: d's
    // gradient flips sign at a shape's centre and medial axis, where a finite difference of d reads zero
    // and a two-pixel tick would lose its edge.
    float pixelsPerUnit = 2.0 / (length(vec2(dFdx(v_position.x), dFdy(v_position.x)))
                               + length(vec2(dFdx(v_position.y), dFdy(v_position.y))));

    // kind 2: shadow; kinds 0 (rounded rect), 1 (circle), 3 (tick): fill inside the border, border in the
    // ring. The inner edge of a border is the same distance field moved in by the border's width.
    float d = roundedBoxDistance(v_position, center, halfSize, radius);
    float outer = shapeCoverage(v_position, center, halfSize, radius, d, pixelsPerUnit);
    if (kind > 1.5 && kind < 2.5) {
        // A sigma too small to blur is a sharp shape.
        gl_FragColor = v_fill * (v_shape.z < 0.05 ? outer : roundedBoxShadow(v_position, center, halfSize, radius, sigma));
    } else {
        float inner = borderWidth > 0.0 ? coverage(d + borderWidth, pixelsPerUnit) : outer;
        gl_FragColor = v_fill * inner + v_border * (outer - inner);
    }
}
