import CWaylandSliderAPI
import SliderCore

// ws_slider_* for how values spread along the track (the value scale) and how far the keyboard moves them.

@_cdecl("ws_slider_set_value_scale")
public func ws_slider_set_value_scale(_ slider: OpaquePointer!, _ scale: ws_value_scale, _ exponent: Double) -> ws_status {
    withSlider(slider) { s in
        let valueScale: ValueScale
        switch scale {
        case WS_SCALE_LINEAR: valueScale = .linear
        case WS_SCALE_LOGARITHMIC: valueScale = .logarithmic
        case WS_SCALE_POWER: valueScale = .power(exponent)
        default: throw CallError.invalid("no value scale \(scale.rawValue)")
        }
        try s.setValueScale(valueScale)
    }
}

/// A C function pair and its user data, called from the slider's scale (on the slider's thread).
private struct CScaleFunctions: @unchecked Sendable {
    let position: ws_scale_function
    let fraction: ws_scale_function
    let userData: UnsafeMutableRawPointer?
}

@_cdecl("ws_slider_set_custom_value_scale")
public func ws_slider_set_custom_value_scale(_ slider: OpaquePointer!, _ position: ws_scale_function?, _ fraction: ws_scale_function?,
                                             _ userData: UnsafeMutableRawPointer?) -> ws_status {
    withSlider(slider) { s in
        switch (position, fraction) {
        case (nil, nil):
            try s.setValueScale(.linear)
        case let (position?, fraction?):
            let functions = CScaleFunctions(position: position, fraction: fraction, userData: userData)
            try s.setValueScale(.custom(CustomValueScale(position: { functions.position($0, functions.userData) },
                                                         fraction: { functions.fraction($0, functions.userData) })))
        default:
            throw CallError.invalid("position and fraction are both functions, or both NULL")
        }
    }
}

@_cdecl("ws_slider_set_keyboard_step")
public func ws_slider_set_keyboard_step(_ slider: OpaquePointer!, _ step: Double) -> ws_status {
    setStep(slider, step) { s, step throws(SliderError) in try s.setKeyboardStep(step) }
}

@_cdecl("ws_slider_set_page_step")
public func ws_slider_set_page_step(_ slider: OpaquePointer!, _ step: Double) -> ws_status {
    setStep(slider, step) { s, step throws(SliderError) in try s.setPageStep(step) }
}

/// A keyboard or page step: 0 for the automatic one, else the slider's own check.
private func setStep(_ slider: OpaquePointer!, _ step: Double, _ function: String = #function,
                     _ set: (Slider, Double?) throws(SliderError) -> Void) -> ws_status {
    withSlider(slider, function) { s in
        try set(s, step == 0 ? nil : step)
    }
}
