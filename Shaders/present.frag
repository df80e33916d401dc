#version 100
// Copies the retained framebuffer texel for texel (nearest sampling, the same size as the window).
precision highp float;

uniform sampler2D u_frame;

varying vec2 v_uv;

void main() {
    gl_FragColor = texture2D(u_frame, v_uv);
}
