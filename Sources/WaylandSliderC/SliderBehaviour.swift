import CWaylandSliderAPI
import SliderCore

// ws_slider_* for how values are spaced and reported: discrete values, snapping, the anchor, a range's
// separation, animated changes, on-release reporting, the change interval, reduced motion.

@_cdecl("ws_slider_set_discrete_values")
public func ws_slider_set_discrete_values(_ slider: OpaquePointer!, _ count: Int32) -> ws_status {
    withSlider(slider, "ws_slider_set_discrete_values") { s in
        guard count == 0 || count >= 2 else {
            return LastError.invalid("ws_slider_set_discrete_values", "count \(count) must be 0 (continuous) or at least 2")
        }
        do { try s.setStepping(count == 0 ? .continuous : .count(Int(count))) } catch {
            return LastError.invalid("ws_slider_set_discrete_values", "\(error)")
        }
        return WS_OK
    }
}

@_cdecl("ws_slider_set_snap_mode")
public func ws_slider_set_snap_mode(_ slider: OpaquePointer!, _ mode: ws_snap_mode) -> ws_status {
    withSlider(slider, "ws_slider_set_snap_mode") { s in
        switch mode {
        case WS_SNAP_NEVER: s.snapMode = .never
        case WS_SNAP_ALWAYS: s.snapMode = .always
        case WS_SNAP_ON_RELEASE: s.snapMode = .onRelease
        default: return LastError.invalid("ws_slider_set_snap_mode", "no snap mode \(mode.rawValue)")
        }
        return WS_OK
    }
}

@_cdecl("ws_slider_set_anchor_value")
public func ws_slider_set_anchor_value(_ slider: OpaquePointer!, _ anchor: Double) -> ws_status {
    withSlider(slider, "ws_slider_set_anchor_value") { s in
        guard anchor.isFinite || anchor.isNaN else {
            return LastError.invalid("ws_slider_set_anchor_value", "anchor \(anchor) must be finite, or NAN for none")
        }
        do { try s.setAnchorValue(anchor.isNaN ? nil : anchor) } catch { return LastError.invalid("ws_slider_set_anchor_value", "\(error)") }
        return WS_OK
    }
}

@_cdecl("ws_slider_set_minimum_separation")
public func ws_slider_set_minimum_separation(_ slider: OpaquePointer!, _ separation: Double) -> ws_status {
    withSlider(slider, "ws_slider_set_minimum_separation") { s in
        guard s.isRange else { return LastError.invalid("ws_slider_set_minimum_separation", "the slider has one thumb") }
        guard separation.isFinite, separation >= 0 else {
            return LastError.invalid("ws_slider_set_minimum_separation", "separation \(separation) must be finite and >= 0")
        }
        do { try s.setMinimumSeparation(separation) } catch { return LastError.invalid("ws_slider_set_minimum_separation", "\(error)") }
        return WS_OK
    }
}

@_cdecl("ws_slider_set_thumb_value_animated")
public func ws_slider_set_thumb_value_animated(_ slider: OpaquePointer!, _ thumb: Int32, _ value: Double, _ animated: Bool) -> ws_status {
    setThumbValue(slider, thumb, value, animated: animated, "ws_slider_set_thumb_value_animated")
}

@_cdecl("ws_slider_set_continuous")
public func ws_slider_set_continuous(_ slider: OpaquePointer!, _ continuous: Bool) -> ws_status {
    withSlider(slider, "ws_slider_set_continuous") { s in
        s.isContinuous = continuous
        return WS_OK
    }
}

@_cdecl("ws_slider_set_value_change_interval")
public func ws_slider_set_value_change_interval(_ slider: OpaquePointer!, _ seconds: Double) -> ws_status {
    withSlider(slider, "ws_slider_set_value_change_interval") { s in
        guard seconds.isFinite, seconds >= 0 else {
            return LastError.invalid("ws_slider_set_value_change_interval", "interval \(seconds) must be finite and >= 0")
        }
        s.valueChangeInterval = seconds
        return WS_OK
    }
}

@_cdecl("ws_slider_set_reduces_motion")
public func ws_slider_set_reduces_motion(_ slider: OpaquePointer!, _ reduces: Bool) -> ws_status {
    withSlider(slider, "ws_slider_set_reduces_motion") { s in
        s.reducesMotion = reduces
        return WS_OK
    }
}
