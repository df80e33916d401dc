#version 100
// WaylandSlider: one vertex of a primitive's quad. Every vertex of a quad carries the whole primitive,
// so the batch is drawn with one glDrawElements call and no uniforms per primitive.
// highp everywhere: llvmpipe's mediump is fp16, which breaks distances past about 256 px.
precision highp float;

attribute vec2 a_position;  // device pixels, y down
attribute vec4 a_rect;      // the shape: x0, y0, x1, y1 in device pixels
attribute vec4 a_shape;     // corner radius, border width, Gaussian sigma, kind
attribute vec4 a_fill;      // premultiplied RGBA
attribute vec4 a_border;    // premultiplied RGBA

uniform highp vec2 u_viewport;  // target size in device pixels

varying vec2 v_position;
varying vec4 v_rect;
varying vec4 v_shape;
varying vec4 v_fill;
varying vec4 v_border;

void main() {
    v_position = a_position;
    v_rect = a_rect;
    v_shape = a_shape;
    v_fill = a_fill;
    v_border = a_border;
    vec2 clip = a_position / u_viewport * 2.0 - 1.0;
    // Device y grows downward; clip space y grows upward.
    gl_Position = vec4(clip.x, -clip.y, 0.0, 1.0);
}
