import CWaylandSliderAPI
import SliderCore

/// What a `ws_slider *` stands for: the slider and the C callbacks set on it.
final class SliderHandle: CHandle {
    let slider: Slider
    var pointer: OpaquePointer?
    /// The subsurface or canvas the slider is in, nil when none.
    weak var container: AnyObject?

    init(slider: Slider) { self.slider = slider }

    /// Clears every callback: after ws_slider_destroy a slider left in a container calls no C code.
    func detach() {
        slider.onValueChanged = nil
        slider.onEditingChanged = nil
        slider.onStep = nil
        slider.onLimit = nil
        slider.onCancel = nil
        slider.formatter.custom = nil
    }
}

@_cdecl("ws_slider_create")
public func ws_slider_create(_ range: Bool, _ out: UnsafeMutablePointer<OpaquePointer?>!) -> ws_status {
    cCall {
        guard let out else { throw CallError.invalid("out is NULL") }
        out.pointee = SliderHandle(slider: Slider(isRange: range)).retainForC()
    }
}

@_cdecl("ws_slider_destroy")
public func ws_slider_destroy(_ slider: OpaquePointer!) {
    guard let slider, let handle = SliderHandle.from(slider) else { return }
    handle.detach()
    SliderHandle.release(slider)
}

/// Runs the body of the C function `function` (see `cCall`) with the slider of a handle; NULL is refused.
func withSlider(_ pointer: OpaquePointer?, _ function: String = #function, _ body: (Slider) throws -> Void) -> ws_status {
    withSliderHandle(pointer, function) { try body($0.slider) }
}

/// `withSlider` with the handle (its callbacks' C pointer).
func withSliderHandle(_ pointer: OpaquePointer?, _ function: String = #function, _ body: (SliderHandle) throws -> Void) -> ws_status {
    cCall(function) {
        guard let handle = SliderHandle.from(pointer) else { throw CallError.invalid("slider is NULL") }
        try body(handle)
    }
}

@_cdecl("ws_slider_set_frame")
public func ws_slider_set_frame(_ slider: OpaquePointer!, _ x: Double, _ y: Double, _ width: Double, _ height: Double) -> ws_status {
    withSlider(slider) { s in
        guard Double.allFinite(x, y, width, height), width >= 0, height >= 0 else {
            throw CallError.invalid("frame \(x), \(y), \(width) x \(height) must be finite with a size >= 0")
        }
        s.frame = Rect(x: x, y: y, width: width, height: height)
    }
}

@_cdecl("ws_slider_set_bounds")
public func ws_slider_set_bounds(_ slider: OpaquePointer!, _ minimum: Double, _ maximum: Double) -> ws_status {
    withSlider(slider) { s in
        guard Double.allFinite(minimum, maximum), minimum < maximum else {
            throw CallError.invalid("bounds \(minimum)...\(maximum) must be finite with minimum < maximum")
        }
        try s.setBounds(minimum: minimum, maximum: maximum)
    }
}

@_cdecl("ws_slider_set_value")
public func ws_slider_set_value(_ slider: OpaquePointer!, _ value: Double) -> ws_status {
    setThumbValue(slider, 0, value, animated: false)
}

@_cdecl("ws_slider_set_thumb_value")
public func ws_slider_set_thumb_value(_ slider: OpaquePointer!, _ thumb: Int32, _ value: Double) -> ws_status {
    setThumbValue(slider, thumb, value, animated: false)
}

/// Refuses a thumb `slider` does not have (0, and 1 on a range).
func refuseMissingThumb(_ thumb: Int32, of slider: Slider) throws(CallError) {
    guard thumb == 0 || (thumb == 1 && slider.isRange) else {
        throw CallError.invalid("thumb \(thumb): \(slider.isRange ? "0 or 1" : "0 on a single-thumb slider")")
    }
}

/// ws_slider_set_thumb_value and its animated form: a thumb the slider has, a finite value.
func setThumbValue(_ slider: OpaquePointer?, _ thumb: Int32, _ value: Double, animated: Bool, _ function: String = #function) -> ws_status {
    withSlider(slider, function) { s in
        try refuseMissingThumb(thumb, of: s)
        try s.setValue(value, ofThumb: Int(thumb), animated: animated)
    }
}

@_cdecl("ws_slider_get_value")
public func ws_slider_get_value(_ slider: OpaquePointer!) -> Double { ws_slider_get_thumb_value(slider, 0) }

@_cdecl("ws_slider_get_thumb_value")
public func ws_slider_get_thumb_value(_ slider: OpaquePointer!, _ thumb: Int32) -> Double {
    guard let s = SliderHandle.from(slider)?.slider else { return .nan }
    switch thumb {
    case 0: return s.value
    case 1 where s.isRange: return s.upperValue
    default: return .nan
    }
}

@_cdecl("ws_slider_set_step")
public func ws_slider_set_step(_ slider: OpaquePointer!, _ step: Double) -> ws_status {
    withSlider(slider) { s in
        guard step.isFinite, step >= 0 else { throw CallError.invalid("step \(step) must be finite and >= 0") }
        try s.setStepping(step == 0 ? .continuous : .size(step))
    }
}

@_cdecl("ws_slider_set_style")
public func ws_slider_set_style(_ slider: OpaquePointer!, _ style: ws_style) -> ws_status {
    withSlider(slider) { s in
        switch style {
        case WS_STYLE_IOS_LIGHT: s.style = .iOS(.light)
        case WS_STYLE_IOS_DARK: s.style = .iOS(.dark)
        case WS_STYLE_MATERIAL_LIGHT: s.style = .material(.light)
        case WS_STYLE_MATERIAL_DARK: s.style = .material(.dark)
        default: throw CallError.invalid("no style \(style.rawValue)")
        }
    }
}

@_cdecl("ws_slider_set_label")
public func ws_slider_set_label(_ slider: OpaquePointer!, _ label: UnsafePointer<CChar>!) -> ws_status {
    withSlider(slider) { s in
        let text = label.map { String(cString: $0) } ?? ""  // invalid UTF-8 is repaired with U+FFFD
        s.accessibilityLabel = text.isEmpty ? nil : text
        s.showsLabel = !text.isEmpty
    }
}

@_cdecl("ws_slider_set_enabled")
public func ws_slider_set_enabled(_ slider: OpaquePointer!, _ enabled: Bool) -> ws_status {
    withSlider(slider) { s in
        s.isEnabled = enabled
    }
}

@_cdecl("ws_slider_set_value_changed_callback")
public func ws_slider_set_value_changed_callback(_ slider: OpaquePointer!, _ callback: ws_value_changed_callback!,
                                                 _ userData: UnsafeMutableRawPointer!) -> ws_status {
    withSliderHandle(slider) { handle in
        handle.slider.onValueChanged = callback.map { f in { [unowned handle] value in f(handle.pointer, value, userData) } }
    }
}

@_cdecl("ws_slider_set_editing_callback")
public func ws_slider_set_editing_callback(_ slider: OpaquePointer!, _ callback: ws_editing_callback!,
                                           _ userData: UnsafeMutableRawPointer!) -> ws_status {
    withSliderHandle(slider) { handle in
        handle.slider.onEditingChanged = callback.map { f in { [unowned handle] editing in f(handle.pointer, editing, userData) } }
    }
}

@_cdecl("ws_slider_set_step_callback")
public func ws_slider_set_step_callback(_ slider: OpaquePointer!, _ callback: ws_step_callback!,
                                        _ userData: UnsafeMutableRawPointer!) -> ws_status {
    withSliderHandle(slider) { handle in
        handle.slider.onStep = callback.map { f in
            { [unowned handle] step in
                var event = ws_step_event(thumb: Int32(step.thumb), direction: Int32(step.direction), count: Int32(clamping: step.count),
                                          value: step.value, boundary: step.boundary, speed: step.speed, time: step.time)
                f(handle.pointer, &event, userData)
            }
        }
    }
}

@_cdecl("ws_slider_set_limit_callback")
public func ws_slider_set_limit_callback(_ slider: OpaquePointer!, _ callback: ws_limit_callback!, _ userData: UnsafeMutableRawPointer!) -> ws_status {
    withSliderHandle(slider) { handle in
        handle.slider.onLimit = callback.map { f in
            { [unowned handle] limit in
                var event = ws_limit_event(thumb: Int32(limit.thumb), end: limit.end == .minimum ? -1 : 1, impact_speed: limit.impactSpeed,
                                           time: limit.time)
                f(handle.pointer, &event, userData)
            }
        }
    }
}

@_cdecl("ws_slider_set_cancel_callback")
public func ws_slider_set_cancel_callback(_ slider: OpaquePointer!, _ callback: ws_cancel_callback!, _ userData: UnsafeMutableRawPointer!) -> ws_status {
    withSliderHandle(slider) { handle in
        handle.slider.onCancel = callback.map { f in { [unowned handle] in f(handle.pointer, userData) } }
    }
}
