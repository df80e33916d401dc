import CWaylandSliderAPI
import SliderCore

// ws_slider_* for the colours of each state, the disabled opacity, and where step feedback fires.

private func state(_ state: ws_control_state) -> ControlState? {
    switch state {
    case WS_STATE_NORMAL: .normal
    case WS_STATE_HIGHLIGHTED: .highlighted
    case WS_STATE_FOCUSED: .focused
    case WS_STATE_DISABLED: .disabled
    default: nil
    }
}

private func cColor(_ c: Color) -> ws_color { ws_color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha) }

/// A C colour, nil unless every component is finite and in 0...1.
private func color(_ c: ws_color) -> Color? {
    guard [c.red, c.green, c.blue, c.alpha].allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }) else { return nil }
    return Color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
}

@_cdecl("ws_slider_get_colors")
public func ws_slider_get_colors(_ slider: OpaquePointer!, _ controlState: ws_control_state, _ out: UnsafeMutablePointer<ws_slider_colors>!) -> ws_status {
    withSlider(slider) { s in
        guard let controlState = state(controlState) else { throw CallError.invalid("no state \(controlState.rawValue)") }
        guard let out else { throw CallError.invalid("out is NULL") }
        let style = s.style
        let colors: SliderColors = switch controlState {
        case .normal: style.normal
        case .highlighted: style.highlighted ?? style.normal
        case .focused: style.focused ?? style.normal
        case .disabled: style.disabled ?? style.normal
        }
        out.pointee = ws_slider_colors(minimum_track: cColor(colors.minimumTrack), maximum_track: cColor(colors.maximumTrack), thumb: cColor(colors.thumb),
                                       filled_tick: cColor(colors.filledTick), background_tick: cColor(colors.backgroundTick),
                                       image: cColor(colors.image), focus_ring: cColor(colors.focusRing))
    }
}

@_cdecl("ws_slider_set_colors")
public func ws_slider_set_colors(_ slider: OpaquePointer!, _ controlState: ws_control_state, _ colors: UnsafePointer<ws_slider_colors>!) -> ws_status {
    withSlider(slider) { s in
        guard let controlState = state(controlState) else { throw CallError.invalid("no state \(controlState.rawValue)") }
        guard let c = colors?.pointee else {
            guard controlState != .normal else { throw CallError.invalid("colors is NULL for the normal state") }
            switch controlState {
            case .highlighted: s.style.highlighted = nil
            case .focused: s.style.focused = nil
            default: s.style.disabled = nil
            }
            return
        }
        let parts = [("minimum_track", c.minimum_track), ("maximum_track", c.maximum_track), ("thumb", c.thumb), ("filled_tick", c.filled_tick),
                     ("background_tick", c.background_tick), ("image", c.image), ("focus_ring", c.focus_ring)]
        if let bad = parts.first(where: { color($0.1) == nil }) {
            throw CallError.invalid("\(bad.0) has a component that is not finite in 0 to 1")
        }
        let resolved = SliderColors(minimumTrack: color(c.minimum_track)!, maximumTrack: color(c.maximum_track)!, thumb: color(c.thumb)!,
                                    filledTick: color(c.filled_tick)!, backgroundTick: color(c.background_tick)!, image: color(c.image)!,
                                    focusRing: color(c.focus_ring)!)
        switch controlState {
        case .normal: s.style.normal = resolved
        case .highlighted: s.style.highlighted = resolved
        case .focused: s.style.focused = resolved
        case .disabled: s.style.disabled = resolved
        }
    }
}

@_cdecl("ws_slider_set_disabled_alpha")
public func ws_slider_set_disabled_alpha(_ slider: OpaquePointer!, _ alpha: Double) -> ws_status {
    withSlider(slider) { s in
        guard alpha.isFinite, alpha >= 0, alpha <= 1 else {
            throw CallError.invalid("alpha \(alpha) must be finite, 0 to 1")
        }
        s.style.disabledAlpha = alpha
    }
}

@_cdecl("ws_slider_set_step_feedback")
public func ws_slider_set_step_feedback(_ slider: OpaquePointer!, _ feedback: UnsafePointer<ws_step_feedback>!) -> ws_status {
    withSlider(slider) { s in
        guard let f = feedback?.pointee else { throw CallError.invalid("feedback is NULL") }
        var configuration = StepFeedbackConfiguration()
        switch f.detents {
        case WS_DETENTS_AT_STEPS: configuration.boundaries = .steps
        case WS_DETENTS_NONE: configuration.boundaries = .none
        case WS_DETENTS_EVERY:
            guard f.interval.isFinite, f.interval > 0 else { throw CallError.invalid("interval \(f.interval) must be finite and > 0") }
            configuration.boundaries = .every(f.interval)
        case WS_DETENTS_AT_VALUES:
            guard f.count <= 100_000 else { throw CallError.invalid("\(f.count) values: at most 100000") }
            guard f.values != nil || f.count == 0 else { throw CallError.invalid("values is NULL with count \(f.count)") }
            let values = f.count == 0 ? [] : Array(UnsafeBufferPointer(start: f.values, count: f.count))
            guard values.allSatisfy(\.isFinite) else { throw CallError.invalid("every value must be finite") }
            configuration.boundaries = .detents(values)
        default: throw CallError.invalid("no detents kind \(f.detents.rawValue)")
        }
        guard f.hysteresis.isFinite, f.hysteresis >= 0, f.hysteresis <= 0.49 else {
            throw CallError.invalid("hysteresis \(f.hysteresis) must be finite, 0 to 0.49")
        }
        guard f.minimum_interval.isFinite, f.minimum_interval >= 0 else {
            throw CallError.invalid("minimum_interval \(f.minimum_interval) must be finite and >= 0")
        }
        configuration.hysteresis = f.hysteresis
        configuration.minimumInterval = f.minimum_interval
        configuration.firesLimitEvents = f.fires_limits
        try s.setStepFeedback(configuration)
    }
}
