import CWaylandSliderAPI
import SliderCore

// ws_slider_* for where the minimum is and how the slider looks beyond its style preset: orientation,
// reading direction, inversion, ticks, the value popup, the track's and the thumb's sizes.

@_cdecl("ws_slider_set_orientation")
public func ws_slider_set_orientation(_ slider: OpaquePointer!, _ orientation: ws_orientation) -> ws_status {
    withSlider(slider, "ws_slider_set_orientation") { s in
        switch orientation {
        case WS_ORIENTATION_HORIZONTAL: s.orientation = .horizontal
        case WS_ORIENTATION_VERTICAL: s.orientation = .vertical
        default: return LastError.invalid("ws_slider_set_orientation", "no orientation \(orientation.rawValue)")
        }
        return WS_OK
    }
}

@_cdecl("ws_slider_set_layout_direction")
public func ws_slider_set_layout_direction(_ slider: OpaquePointer!, _ direction: ws_layout_direction) -> ws_status {
    withSlider(slider, "ws_slider_set_layout_direction") { s in
        switch direction {
        case WS_LAYOUT_LEFT_TO_RIGHT: s.layoutDirection = .leftToRight
        case WS_LAYOUT_RIGHT_TO_LEFT: s.layoutDirection = .rightToLeft
        default: return LastError.invalid("ws_slider_set_layout_direction", "no layout direction \(direction.rawValue)")
        }
        return WS_OK
    }
}

@_cdecl("ws_slider_set_inverted")
public func ws_slider_set_inverted(_ slider: OpaquePointer!, _ inverted: Bool) -> ws_status {
    withSlider(slider, "ws_slider_set_inverted") { s in
        s.isInverted = inverted
        return WS_OK
    }
}

@_cdecl("ws_slider_set_tick_visibility")
public func ws_slider_set_tick_visibility(_ slider: OpaquePointer!, _ visibility: ws_tick_visibility) -> ws_status {
    withSlider(slider, "ws_slider_set_tick_visibility") { s in
        switch visibility {
        case WS_TICKS_NEVER: s.style.tickVisibility = .never
        case WS_TICKS_ALWAYS: s.style.tickVisibility = .always
        case WS_TICKS_WHILE_DRAGGING: s.style.tickVisibility = .whileDragging
        default: return LastError.invalid("ws_slider_set_tick_visibility", "no tick visibility \(visibility.rawValue)")
        }
        return WS_OK
    }
}

@_cdecl("ws_slider_set_value_popup")
public func ws_slider_set_value_popup(_ slider: OpaquePointer!, _ shown: Bool) -> ws_status {
    withSlider(slider, "ws_slider_set_value_popup") { s in
        s.style.valuePopup.isEnabled = shown
        return WS_OK
    }
}

@_cdecl("ws_slider_set_value_label_always_shown")
public func ws_slider_set_value_label_always_shown(_ slider: OpaquePointer!, _ always: Bool) -> ws_status {
    withSlider(slider, "ws_slider_set_value_label_always_shown") { s in
        s.style.valuePopup.isAlwaysShown = always
        return WS_OK
    }
}

@_cdecl("ws_slider_set_track_thickness")
public func ws_slider_set_track_thickness(_ slider: OpaquePointer!, _ points: Double) -> ws_status {
    setSize(slider, points, "ws_slider_set_track_thickness", "thickness") { $0.style.metrics.trackThickness = $1 }
}

@_cdecl("ws_slider_set_thumb_diameter")
public func ws_slider_set_thumb_diameter(_ slider: OpaquePointer!, _ points: Double) -> ws_status {
    setSize(slider, points, "ws_slider_set_thumb_diameter", "diameter") { $0.style.metrics.thumbDiameter = $1 }
}

/// A size in points of the slider's style: finite, above 0, at most 1000.
private func setSize(_ slider: OpaquePointer?, _ points: Double, _ function: String, _ name: String, _ apply: (Slider, Double) -> Void) -> ws_status {
    withSlider(slider, function) { s in
        guard points.isFinite, points > 0, points <= 1000 else {
            return LastError.invalid(function, "\(name) \(points) must be finite, above 0 and at most 1000 points")
        }
        apply(s, points)
        return WS_OK
    }
}
