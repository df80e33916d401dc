// waylandslider.hpp used from C++: handles destroy what they own (built with LeakSanitizer, which reports
// at exit what nothing points to), move without copying, and check() throws waylandslider::error with the
// status and the message; a description, value scales and key steps set from C++. Run by CSliderFeatureTests; prints "all passed" or what failed.
#include <waylandslider.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <utility>

static int failures;

static void expect(bool condition, const char *what) {
    if (!condition) {
        failures++;
        std::printf("FAIL %s\n", what);
    }
}

int main() {
    for (int i = 0; i < 1000; i++) {
        auto slider = waylandslider::make_slider(i % 2 == 1);
        waylandslider::check(ws_slider_set_value(slider.get(), 0.25));
        if (ws_slider_get_value(slider.get()) != 0.25) failures++;
    }
    auto first = waylandslider::make_slider();
    auto second = std::move(first);
    expect(!first && second, "a moved handle owns nothing and its new owner the slider");
    try {
        waylandslider::check(ws_slider_set_value(second.get(), NAN));
        expect(false, "a NAN value throws");
    } catch (const waylandslider::error &e) {
        expect(e.status() == WS_ERROR_INVALID_ARGUMENT, "the error carries the status");
        expect(std::strcmp(e.what(), "ws_slider_set_value: value must be a finite number, not NaN or infinite") == 0,
               "the error carries the message: the function called, and why");
    }
    auto bass = waylandslider::make_slider();
    waylandslider::apply_description(bass.get(), R"({"id": "bass", "range": [20, 20000], "value": 20, "value-scale": "logarithmic"})");
    waylandslider::check(ws_slider_set_keyboard_step(bass.get(), 10));
    waylandslider::check(ws_slider_set_page_step(bass.get(), 100));
    waylandslider::check(ws_slider_set_value_label_always_shown(bass.get(), true));
    waylandslider::check(ws_slider_set_value_scale(bass.get(), WS_SCALE_POWER, 3));
    expect(ws_slider_get_value(bass.get()) == 20, "a description's value, kept through another scale");
    try {
        waylandslider::apply_description(bass.get(), R"({"id": "bass", "range": [0, 100], "value-scale": "logarithmic"})");
        expect(false, "a logarithmic scale from 0 throws");
    } catch (const waylandslider::error &e) {
        expect(std::strncmp(e.what(), "ws_slider_apply_description: value-scale: ", 42) == 0, "the error names the function and the key");
    }
    try {
        auto subsurface = waylandslider::make_subsurface(nullptr, nullptr, 0, 0, 10, 10);
        expect(false, "a subsurface without a display throws");
    } catch (const waylandslider::error &e) {
        expect(e.status() == WS_ERROR_INVALID_ARGUMENT, "make_subsurface reports the status");
    }
    std::printf(failures ? "failed\n" : "all passed\n");
    return failures ? 1 : 0;
}
