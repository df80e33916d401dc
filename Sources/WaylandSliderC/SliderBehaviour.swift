import CWaylandSliderAPI
import SliderCore

// ws_slider_* for how values are spaced and reported: discrete values, snapping, the anchor, a range's
// separation, animated changes, on-release reporting, the change interval, reduced motion.

@_cdecl("ws_slider_set_discrete_values")
public func ws_slider_set_discrete_values(_ slider: OpaquePointer!, _ count: Int32) -> ws_status {
    withSlider(slider) { s in
        guard count == 0 || count >= 2 else {
            throw CallError.invalid("count \(count) must be 0 (continuous) or at least 2")
        }
        try s.setStepping(count == 0 ? .continuous : .count(Int(count)))
    }
}

@_cdecl("ws_slider_set_snap_mode")
public func ws_slider_set_snap_mode(_ slider: OpaquePointer!, _ mode: ws_snap_mode) -> ws_status {
    withSlider(slider) { s in
        switch mode {
        case WS_SNAP_NEVER: s.snapMode = .never
        case WS_SNAP_ALWAYS: s.snapMode = .always
        case WS_SNAP_ON_RELEASE: s.snapMode = .onRelease
        default: throw CallError.invalid("no snap mode \(mode.rawValue)")
        }
    }
}

@_cdecl("ws_slider_set_anchor_value")
public func ws_slider_set_anchor_value(_ slider: OpaquePointer!, _ anchor: Double) -> ws_status {
    withSlider(slider) { s in
        guard anchor.isFinite || anchor.isNaN else {
            throw CallError.invalid("anchor \(anchor) must be finite, or NAN for none")
        }
        try s.setAnchorValue(anchor.isNaN ? nil : anchor)
    }
}

@_cdecl("ws_slider_set_minimum_separation")
public func ws_slider_set_minimum_separation(_ slider: OpaquePointer!, _ separation: Double) -> ws_status {
    withSlider(slider) { s in
        guard s.isRange else { throw CallError.invalid("the slider has one thumb") }
        guard separation.isFinite, separation >= 0 else {
            throw CallError.invalid("separation \(separation) must be finite and >= 0")
        }
        try s.setMinimumSeparation(separation)
    }
}

@_cdecl("ws_slider_set_thumb_value_animated")
public func ws_slider_set_thumb_value_animated(_ slider: OpaquePointer!, _ thumb: Int32, _ value: Double, _ animated: Bool) -> ws_status {
    setThumbValue(slider, thumb, value, animated: animated)
}

@_cdecl("ws_slider_set_continuous")
public func ws_slider_set_continuous(_ slider: OpaquePointer!, _ continuous: Bool) -> ws_status {
    withSlider(slider) { s in
        s.isContinuous = continuous
    }
}

@_cdecl("ws_slider_set_value_change_interval")
public func ws_slider_set_value_change_interval(_ slider: OpaquePointer!, _ seconds: Double) -> ws_status {
    withSlider(slider) { s in
        guard seconds.isFinite, seconds >= 0 else {
            throw CallError.invalid("interval \(seconds) must be finite and >= 0")
        }
        s.valueChangeInterval = seconds
    }
}

@_cdecl("ws_slider_set_reduces_motion")
public func ws_slider_set_reduces_motion(_ slider: OpaquePointer!, _ reduces: Bool) -> ws_status {
    withSlider(slider) { s in
        s.reducesMotion = reduces
    }
}
