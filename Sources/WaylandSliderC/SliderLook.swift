import CWaylandSliderAPI
import SliderCore

// ws_slider_* for where the minimum is and how the slider looks beyond its style preset: orientation,
// reading direction, inversion, ticks, the value popup, the track's and the thumb's sizes.

@_cdecl("ws_slider_set_orientation")
public func ws_slider_set_orientation(_ slider: OpaquePointer!, _ orientation: ws_orientation) -> ws_status {
    withSlider(slider) { s in
        switch orientation {
        case WS_ORIENTATION_HORIZONTAL: s.orientation = .horizontal
        case WS_ORIENTATION_VERTICAL: s.orientation = .vertical
        default: throw CallError.invalid("no orientation \(orientation.rawValue)")
        }
    }
}

@_cdecl("ws_slider_set_layout_direction")
public func ws_slider_set_layout_direction(_ slider: OpaquePointer!, _ direction: ws_layout_direction) -> ws_status {
    withSlider(slider) { s in
        switch direction {
        case WS_LAYOUT_LEFT_TO_RIGHT: s.layoutDirection = .leftToRight
        case WS_LAYOUT_RIGHT_TO_LEFT: s.layoutDirection = .rightToLeft
        default: throw CallError.invalid("no layout direction \(direction.rawValue)")
        }
    }
}

@_cdecl("ws_slider_set_inverted")
public func ws_slider_set_inverted(_ slider: OpaquePointer!, _ inverted: Bool) -> ws_status {
    withSlider(slider) { s in
        s.isInverted = inverted
    }
}

@_cdecl("ws_slider_set_tick_visibility")
public func ws_slider_set_tick_visibility(_ slider: OpaquePointer!, _ visibility: ws_tick_visibility) -> ws_status {
    withSlider(slider) { s in
        switch visibility {
        case WS_TICKS_NEVER: s.style.tickVisibility = .never
        case WS_TICKS_ALWAYS: s.style.tickVisibility = .always
        case WS_TICKS_WHILE_DRAGGING: s.style.tickVisibility = .whileDragging
        default: throw CallError.invalid("no tick visibility \(visibility.rawValue)")
        }
    }
}

@_cdecl("ws_slider_set_value_popup")
public func ws_slider_set_value_popup(_ slider: OpaquePointer!, _ shown: Bool) -> ws_status {
    withSlider(slider) { s in
        s.style.valuePopup.isEnabled = shown
    }
}

@_cdecl("ws_slider_set_value_label_always_shown")
public func ws_slider_set_value_label_always_shown(_ slider: OpaquePointer!, _ always: Bool) -> ws_status {
    withSlider(slider) { s in
        s.style.valuePopup.isAlwaysShown = always
    }
}

@_cdecl("ws_slider_set_track_thickness")
public func ws_slider_set_track_thickness(_ slider: OpaquePointer!, _ points: Double) -> ws_status {
    setSize(slider, points, "thickness") { $0.style.metrics.trackThickness = $1 }
}

@_cdecl("ws_slider_set_thumb_diameter")
public func ws_slider_set_thumb_diameter(_ slider: OpaquePointer!, _ points: Double) -> ws_status {
    setSize(slider, points, "diameter") { $0.style.metrics.thumbDiameter = $1 }
}

/// A size in points of the slider's style: finite, above 0, at most 1000.
private func setSize(_ slider: OpaquePointer?, _ points: Double, _ name: String, _ function: String = #function,
                     _ apply: (Slider, Double) -> Void) -> ws_status {
    withSlider(slider, function) { s in
        guard points.isFinite, points > 0, points <= 1000 else {
            throw CallError.invalid("\(name) \(points) must be finite, above 0 and at most 1000 points")
        }
        apply(s, points)
    }
}
