/*
 * waylandslider.hpp: owning handles for WaylandSlider's C API in C++ (C++17, header only).
 *
 * Each handle is a std::unique_ptr that destroys its object with the C function when it goes out of scope;
 * every C call stays available through .get(). check() turns a failed status into a waylandslider::error
 * carrying the status and ws_last_error()'s message:
 *
 *     auto volume = waylandslider::make_slider();
 *     waylandslider::check(ws_slider_set_bounds(volume.get(), 0, 100));
 *
 * Destroying in any order is safe: a slider destroyed while in a subsurface or canvas stays drawn there,
 * without callbacks, until that goes.
 */
#ifndef WAYLANDSLIDER_HPP
#define WAYLANDSLIDER_HPP

#include <waylandslider.h>

#include <memory>
#include <stdexcept>
#include <string>

namespace waylandslider {

/* A call that returned a status other than WS_OK. */
class error : public std::runtime_error {
public:
    explicit error(ws_status status) : std::runtime_error(ws_last_error()), status_(status) {}
    ws_status status() const noexcept { return status_; }

private:
    ws_status status_;
};

/* Throws waylandslider::error for any status but WS_OK. */
inline void check(ws_status status) {
    if (status != WS_OK) throw error(status);
}

template <typename T, void (*Destroy)(T *)>
struct destroyer {
    void operator()(T *object) const noexcept { Destroy(object); }
};

using slider_ptr = std::unique_ptr<ws_slider, destroyer<ws_slider, ws_slider_destroy>>;
using subsurface_ptr = std::unique_ptr<ws_subsurface, destroyer<ws_subsurface, ws_subsurface_destroy>>;
using canvas_ptr = std::unique_ptr<ws_canvas, destroyer<ws_canvas, ws_canvas_destroy>>;

/* ws_slider_create, owned. */
inline slider_ptr make_slider(bool range = false) {
    ws_slider *slider = nullptr;
    check(ws_slider_create(range, &slider));
    return slider_ptr(slider);
}

/* ws_slider_apply_description: every setting of the slider from a description in JSON (the panel file's keys). */
inline void apply_description(ws_slider *slider, const std::string &json) { check(ws_slider_apply_description(slider, json.c_str())); }

/* ws_subsurface_create, owned. */
inline subsurface_ptr make_subsurface(struct wl_display *display, struct wl_surface *parent, double x, double y, double width,
                                      double height, int scale = 1) {
    ws_subsurface *subsurface = nullptr;
    check(ws_subsurface_create(display, parent, x, y, width, height, scale, &subsurface));
    return subsurface_ptr(subsurface);
}

/* ws_canvas_create, owned (in the current GLES2 context). */
inline canvas_ptr make_canvas() {
    ws_canvas *canvas = nullptr;
    check(ws_canvas_create(&canvas));
    return canvas_ptr(canvas);
}

} // namespace waylandslider

#endif
