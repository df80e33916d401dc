import CWaylandSliderAPI
import SliderCore
import WaylandSlider

// Haptics: ws_subsurface_ / ws_canvas_set_haptics and _get_haptics_device.

/// The Swift configuration of `haptics` (nil: off); throws why it is refused.
private func configuration(_ haptics: UnsafePointer<ws_haptics>?) throws(HapticsRefusal) -> HapticsConfiguration? {
    guard let h = haptics?.pointee else { return nil }
    let device: HapticsDevice?
    switch h.device {
    case WS_HAPTICS_AUTOMATIC: device = nil
    case WS_HAPTICS_FEEDBACKD: device = .feedbackd
    case WS_HAPTICS_EVDEV:
        guard let path = h.evdev_path, path.pointee != 0 else { throw HapticsRefusal(reason: "evdev_path is NULL or empty") }
        device = .evdev(path: String(cString: path))
    default: throw HapticsRefusal(reason: "no haptics device kind \(h.device.rawValue)")
    }
    for (name, strength) in [("detent_strength", h.detent_strength), ("limit_strength", h.limit_strength)] {
        guard strength.isFinite, strength >= 0, strength <= 1 else { throw HapticsRefusal(reason: "\(name) \(strength) must be 0 to 1") }
    }
    for (name, duration) in [("detent_ms", h.detent_ms), ("limit_ms", h.limit_ms)] {
        guard duration >= 1, duration <= HapticPulse.maximumMilliseconds else {
            throw HapticsRefusal(reason: "\(name) \(duration) must be 1 to \(HapticPulse.maximumMilliseconds)")
        }
    }
    return HapticsConfiguration(device: device, detent: HapticPulse(strength: h.detent_strength, milliseconds: h.detent_ms),
                                limit: HapticPulse(strength: h.limit_strength, milliseconds: h.limit_ms),
                                sessionBusAddress: h.session_bus_address.map { String(cString: $0) })
}

/// Why `configuration` refuses an argument: the message for WS_ERROR_INVALID_ARGUMENT.
private struct HapticsRefusal: Error {
    let reason: String
}

/// Sets the haptics of `container` (a NULL handle is refused by the caller).
private func setHaptics(_ container: SliderContainer?, _ haptics: UnsafePointer<ws_haptics>?, _ appID: UnsafePointer<CChar>?,
                        _ function: String, _ name: String) -> ws_status {
    guard let container else { return LastError.invalid(function, "\(name) is NULL") }
    guard let appID, appID.pointee != 0 else { return LastError.invalid(function, "app_id is NULL or empty") }
    let chosen: HapticsConfiguration?
    do { chosen = try configuration(haptics) } catch { return LastError.invalid(function, error.reason) }
    do { try container.setHaptics(chosen, appID: String(cString: appID)) } catch {
        return LastError.fail(WS_ERROR_HAPTICS, "\(function): \(error)")
    }
    return WS_OK
}

/// Reports what plays the pulses of `container`.
private func hapticsDevice(_ container: SliderContainer?, _ out: UnsafeMutablePointer<ws_haptics_device>?, _ function: String,
                           _ name: String) -> ws_status {
    guard let container else { return LastError.invalid(function, "\(name) is NULL") }
    guard let out else { return LastError.invalid(function, "out is NULL") }
    switch container.hapticsDevice {
    case .feedbackd: out.pointee = WS_HAPTICS_FEEDBACKD
    case .evdev: out.pointee = WS_HAPTICS_EVDEV
    case nil: out.pointee = WS_HAPTICS_AUTOMATIC
    }
    return WS_OK
}

@_cdecl("ws_subsurface_set_haptics")
public func ws_subsurface_set_haptics(_ subsurface: OpaquePointer!, _ haptics: UnsafePointer<ws_haptics>!, _ appID: UnsafePointer<CChar>!) -> ws_status {
    setHaptics(SubsurfaceHandle.from(subsurface), haptics, appID, "ws_subsurface_set_haptics", "subsurface")
}

@_cdecl("ws_canvas_set_haptics")
public func ws_canvas_set_haptics(_ canvas: OpaquePointer!, _ haptics: UnsafePointer<ws_haptics>!, _ appID: UnsafePointer<CChar>!) -> ws_status {
    setHaptics(CanvasHandle.from(canvas), haptics, appID, "ws_canvas_set_haptics", "canvas")
}

@_cdecl("ws_subsurface_get_haptics_device")
public func ws_subsurface_get_haptics_device(_ subsurface: OpaquePointer!, _ out: UnsafeMutablePointer<ws_haptics_device>!) -> ws_status {
    hapticsDevice(SubsurfaceHandle.from(subsurface), out, "ws_subsurface_get_haptics_device", "subsurface")
}

@_cdecl("ws_canvas_get_haptics_device")
public func ws_canvas_get_haptics_device(_ canvas: OpaquePointer!, _ out: UnsafeMutablePointer<ws_haptics_device>!) -> ws_status {
    hapticsDevice(CanvasHandle.from(canvas), out, "ws_canvas_get_haptics_device", "canvas")
}
