#version 100
// Copies the renderer's retained framebuffer to the window (drivers without buffer age: Mesa's software
// path on Wayland). One full-window quad, two triangles as a strip.
precision highp float;

attribute vec2 a_corner; // 0 or 1 in x and y

varying vec2 v_uv;

void main() {
    v_uv = a_corner;
    gl_Position = vec4(a_corner * 2.0 - 1.0, 0.0, 1.0);
}
