import Foundation
import PrivateCompositors
import Testing

/// The C API has one way to give a slider a new setting: `ws_slider_apply_description`, which takes every key
/// of a slider description. The per-property calls of version 0.1 stay for the programs built with them, and
/// their list is closed: a setting added to descriptions that also grew a `ws_slider_set_*` call fails here.
@Suite struct ClosedSetterListTests {
    static let closed: Set<String> = [
        "frame", "bounds", "value", "thumb_value", "step", "style", "label", "enabled", "value_changed_callback", "editing_callback",
        "step_callback", "discrete_values", "snap_mode", "anchor_value", "minimum_separation", "value_scale", "custom_value_scale",
        "keyboard_step", "page_step", "thumb_value_animated", "continuous", "value_change_interval", "reduces_motion", "orientation",
        "layout_direction", "inverted", "tick_visibility", "value_popup", "value_label_always_shown", "track_thickness", "thumb_diameter",
        "colors", "disabled_alpha", "step_feedback", "end_symbol", "end_image", "formatter", "accessibility_hint", "limit_callback",
        "cancel_callback",
    ]

    @Test func thePerPropertySettersAreTheClosedList() throws {
        let header = try String(contentsOf: PackageRoot.url.appendingPathComponent("include/waylandslider.h"), encoding: .utf8)
        let declared = Set(header.matches(of: /\bws_slider_set_([a-z_]+)\(/).map { String($0.output.1) })
        let (new, gone) = (declared.subtracting(Self.closed).sorted(), Self.closed.subtracting(declared).sorted())
        #expect(declared == Self.closed, "new: \(new) (give new settings to ws_slider_apply_description); gone: \(gone)")
    }
}
