/*
 * The floor the window lifetime test measures the EGL window path against: a bare Mesa client, nothing
 * from WaylandSlider, that COUNT times connects to WAYLAND_DISPLAY, makes a surface with an EGL window
 * surface and a GLES2 context, and does the GL work a WaylandSlider window does on that path without buffer
 * age (llvmpipe): a shape program draws into a texture framebuffer, a second program copies it into the
 * window, it swaps; then it tears everything down (eglTerminate, wl_display_disconnect, malloc_trim). Mesa
 * keeps a little of every such display (its display list is freed only at exit), and on llvmpipe each
 * cycle that compiled shaders leaves 10 to 20 KB more: what WaylandSlider's EGL path cannot do better than.
 *
 *   egl-window-cycles COUNT
 *
 * Prints "cycled N descriptors FIRST LAST resident-kib FIRST LAST allocated-kib FIRST LAST", as the example
 * hosts' cycle command does (Examples/common/process-resources.c, compiled with it).
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include <wayland-egl.h>

#include "common/process-resources.h"

static struct wl_compositor *compositor;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    if (strcmp(interface, wl_compositor_interface.name) == 0) compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
}
static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {}
static const struct wl_registry_listener registry_listener = { .global = global, .global_remove = global_remove };

static GLuint compile(GLenum type, const char *source) {
    GLuint shader = glCreateShader(type);
    glShaderSource(shader, 1, &source, NULL);
    glCompileShader(shader);
    return shader;
}

static GLuint link(const char *vertex, const char *fragment) {
    GLuint program = glCreateProgram();
    glAttachShader(program, compile(GL_VERTEX_SHADER, vertex));
    glAttachShader(program, compile(GL_FRAGMENT_SHADER, fragment));
    glBindAttribLocation(program, 0, "a");
    glLinkProgram(program);
    glUseProgram(program);
    return program;
}

static int cycle(void) {
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) return -1;
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!compositor) return -1;
    struct wl_surface *surface = wl_compositor_create_surface(compositor);
    EGLDisplay egl = eglGetPlatformDisplay(EGL_PLATFORM_WAYLAND_KHR, display, NULL);
    if (!eglInitialize(egl, NULL, NULL) || !eglBindAPI(EGL_OPENGL_ES_API)) return -1;
    const EGLint config_attributes[] = { EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_RED_SIZE, 8,
                                         EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE };
    EGLConfig config;
    EGLint count;
    if (!eglChooseConfig(egl, config_attributes, &config, 1, &count) || count < 1) return -1;
    const EGLint context_attributes[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
    EGLContext context = eglCreateContext(egl, config, EGL_NO_CONTEXT, context_attributes);
    struct wl_egl_window *window = wl_egl_window_create(surface, 400, 84);
    EGLSurface egl_surface = eglCreatePlatformWindowSurface(egl, config, window, NULL);
    eglMakeCurrent(egl, egl_surface, egl_surface, context);

    static const GLfloat quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
    /* The frame, drawn into a texture framebuffer by a shape program. */
    GLuint texture, framebuffer;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 400, 84, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glGenFramebuffers(1, &framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
    GLuint shapes = link("attribute vec2 a; void main() { gl_Position = vec4(a * 0.5, 0.0, 1.0); }",
                         "precision mediump float; void main() { gl_FragColor = vec4(0.0, 0.48, 1.0, 1.0); }");
    glViewport(0, 0, 400, 84);
    glClearColor(1, 1, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    /* Copied into the window by a second program. */
    GLuint copy = link("attribute vec2 a; varying vec2 v; void main() { v = a * 0.5 + 0.5; gl_Position = vec4(a, 0.0, 1.0); }",
                       "precision mediump float; uniform sampler2D t; varying vec2 v; void main() { gl_FragColor = texture2D(t, v); }");
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    eglSwapBuffers(egl, egl_surface);
    glDeleteProgram(shapes);
    glDeleteProgram(copy);
    glDeleteFramebuffers(1, &framebuffer);
    glDeleteTextures(1, &texture);

    eglMakeCurrent(egl, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroySurface(egl, egl_surface);
    eglDestroyContext(egl, context);
    wl_egl_window_destroy(window);
    eglTerminate(egl);
    wl_surface_destroy(surface);
    wl_compositor_destroy(compositor);
    compositor = NULL;
    wl_registry_destroy(registry);
    wl_display_disconnect(display);
    malloc_trim(0);
    return 0;
}

int main(int argc, char **argv) {
    int count = argc > 1 ? atoi(argv[1]) : 0;
    if (count < 1) {
        fprintf(stderr, "usage: egl-window-cycles COUNT\n");
        return 2;
    }
    struct process_resources first = { 0 }, last = { 0 };
    for (int i = 1; i <= count; i++) {
        if (cycle() < 0) {
            fprintf(stderr, "egl-window-cycles: cycle %d failed (EGL error 0x%x)\n", i, eglGetError());
            return 1;
        }
        last = process_resources();
        if (i == 1) first = last;
    }
    print_cycles(count, first, last);
    return 0;
}
