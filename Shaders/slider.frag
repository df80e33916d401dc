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

#ifdef WS_TEXTURED
// The atlas of glyphs, symbols and images (kind 4). Distance fields store distance in alpha. Compiled only
// into the program for batches that hold textured quads: llvmpipe runs a branch's texture fetch for every
// pixel, which made every shape about a fifth dearer.
uniform sampler2D u_atlas;
#endif

// ---- Shared SDF helpers -------------------------------------------------------------------------

// How far p lies outside the box [lower, upper] on each axis (negative inside), measured from the nearer
// edge. Written from the edges, not as abs(p - center) - halfSize: then moving one edge leaves the
// arithmetic at the other bit for bit the same, so a partial redraw that repaints only the moved edge
// matches a full redraw exactly.
vec2 outside(vec2 p, vec2 lower, vec2 upper) {
    return max(lower - p, p - upper);
}

// Signed distance from p to a rounded box (negative inside), all in device pixels.
float roundedBoxDistance(vec2 p, vec2 lower, vec2 upper, float radius) {
    vec2 q = outside(p, lower, upper) + radius;
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
// four-sample refinement near edges was about as accurate (worst pixel 11.8/255 against 13.2/255) but,
// on llvmpipe, cost as if every pixel ran it.
float shapeCoverage(vec2 p, vec2 lower, vec2 upper, float radius, float d, float pixelsPerUnit) {
    vec2 q = outside(p, lower, upper) + radius;
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

// A box's blur is separable and exact: the Gaussian's integral across [lower, upper] on each axis is
// Phi((p - lower) / sigma) - Phi((p - upper) / sigma), the product of the two is the blurred box.
float boxShadow(vec2 p, vec2 lower, vec2 upper, float sigma) {
    vec4 terms = vec4(erf2((p - lower) * (0.7071067812 / sigma)), erf2((p - upper) * (0.7071067812 / sigma)));
    vec2 across = 0.5 * (terms.xy - terms.zw);
    return across.x * across.y;
}

// Round corners, compared with the blur: across an edge the blur is an erf of the distance, and over a
// corner of curvature k the blurred edge sits k sigma^2 / 2 further in (the curve shortening of the heat
// flow a Gaussian blur is).
float roundShadow(vec2 p, vec2 lower, vec2 upper, float radius, float sigma, float d) {
    vec2 q = outside(p, lower, upper) + radius;
    float curvature = step(0.0, q.x) * step(0.0, q.y) / max(radius, 1e-3);
    float x = (d + 0.5 * sigma * sigma * curvature) * (0.7071067812 / sigma);
    return 0.5 - 0.5 * erf2(vec2(x, 0.0)).x;
}

// The blurred rounded box in closed form, without loops or branches (llvmpipe runs every branch of a
// shader for every pixel, so an exact per-row integral for some primitives would cost on all of them):
// the exact box blur for sharp corners, the curvature-shifted erf for corners of radius 2 sigma and more,
// mixed linearly between.
float roundedBoxShadow(vec2 p, vec2 lower, vec2 upper, float radius, float sigma, float d) {
    float box = boxShadow(p, lower, upper, sigma);
    float round = roundShadow(p, lower, upper, radius, sigma, d);
    return mix(box, round, clamp(radius / (2.0 * sigma), 0.0, 1.0));
}

// ---- Per primitive -------------------------------------------------------------------------------

void main() {
    vec2 lower = v_rect.xy;
    vec2 upper = v_rect.zw;
    vec2 halfSize = (upper - lower) * 0.5;
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

    // kind 4: a textured quad. v_border holds the atlas rect (u0, v0, u1, v1); v_shape.y is 0 for a distance
    // field (v_shape.x: device pixels per unit of (alpha - edge), v_shape.z: the edge's alpha) and 1 for a
    // premultiplied image, tinted by v_fill.
#ifdef WS_TEXTURED
    if (kind > 3.5) {
        vec2 t = clamp((v_position - lower) / max(upper - lower, vec2(1e-6)), 0.0, 1.0);
        vec4 texel = texture2D(u_atlas, mix(v_border.xy, v_border.zw, t));
        float field = clamp(0.5 + (texel.a - v_shape.z) * v_shape.x, 0.0, 1.0);
        gl_FragColor = v_shape.y > 0.5 ? texel * v_fill : v_fill * field;
        return;
    }
#endif

    // kind 2: shadow; kinds 0 (rounded rect), 1 (circle), 3 (tick): fill inside the border, border in the
    // ring. The inner edge of a border is the same distance field moved in by the border's width.
    float d = roundedBoxDistance(v_position, lower, upper, radius);
    float outer = shapeCoverage(v_position, lower, upper, radius, d, pixelsPerUnit);
    if (kind > 1.5 && kind < 2.5) {
        // A sigma too small to blur is a sharp shape.
        float alpha = v_shape.z < 0.05 ? outer : roundedBoxShadow(v_position, lower, upper, radius, sigma, d);
        gl_FragColor = v_fill * alpha;
    } else {
        float inner = borderWidth > 0.0 ? coverage(d + borderWidth, pixelsPerUnit) : outer;
        gl_FragColor = v_fill * inner + v_border * (outer - inner);
    }
}
