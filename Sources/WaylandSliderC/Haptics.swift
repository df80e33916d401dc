import CWaylandSliderAPI
import SliderCore
import WaylandSlider

// Haptics: ws_subsurface_ / ws_canvas_set_haptics and _get_haptics_device.

/// The Swift configuration of `haptics` (nil: off); throws why it is refused.
private func configuration(_ haptics: UnsafePointer<ws_haptics>?) throws(CallError) -> HapticsConfiguration? {
    guard let h = haptics?.pointee else { return nil }
    let device: HapticsDevice?
    switch h.device {
    case WS_HAPTICS_AUTOMATIC: device = nil
    case WS_HAPTICS_FEEDBACKD: device = .feedbackd
    case WS_HAPTICS_EVDEV:
        guard let path = h.evdev_path, path.pointee != 0 else { throw CallError.invalid("evdev_path is NULL or empty") }
        device = .evdev(path: String(cString: path))
    default: throw CallError.invalid("no haptics device kind \(h.device.rawValue)")
    }
    for (name, strength) in [("detent_strength", h.detent_strength), ("limit_strength", h.limit_strength)] {
        guard strength.isFinite, strength >= 0, strength <= 1 else { throw CallError.invalid("\(name) \(strength) must be 0 to 1") }
    }
    for (name, duration) in [("detent_ms", h.detent_ms), ("limit_ms", h.limit_ms)] {
        guard duration >= 1, duration <= HapticPulse.maximumMilliseconds else {
            throw CallError.invalid("\(name) \(duration) must be 1 to \(HapticPulse.maximumMilliseconds)")
        }
    }
    return HapticsConfiguration(device: device, detent: HapticPulse(strength: h.detent_strength, milliseconds: h.detent_ms),
                                limit: HapticPulse(strength: h.limit_strength, milliseconds: h.limit_ms),
                                sessionBusAddress: h.session_bus_address.map { String(cString: $0) })
}

/// Sets the haptics of a subsurface or canvas.
private func setHaptics<Contents, Container: ContainerHandle<Contents>>(_ pointer: OpaquePointer?, as type: Container.Type, _ haptics: UnsafePointer<ws_haptics>?,
                                                    _ appID: UnsafePointer<CChar>?, _ function: String = #function) -> ws_status {
    withContainer(pointer, as: type, function) { container in
        guard let appID, appID.pointee != 0 else { throw CallError.invalid("app_id is NULL or empty") }
        try container.contents.setHaptics(try configuration(haptics), appID: String(cString: appID))
    }
}

/// Reports what plays the pulses of a subsurface or canvas.
private func hapticsDevice<Contents, Container: ContainerHandle<Contents>>(_ pointer: OpaquePointer?, as type: Container.Type,
                                                       _ out: UnsafeMutablePointer<ws_haptics_device>?, _ function: String = #function) -> ws_status {
    withContainer(pointer, as: type, function) { container in
        guard let out else { throw CallError.invalid("out is NULL") }
        switch container.contents.hapticsDevice {
        case .feedbackd: out.pointee = WS_HAPTICS_FEEDBACKD
        case .evdev: out.pointee = WS_HAPTICS_EVDEV
        case nil: out.pointee = WS_HAPTICS_AUTOMATIC
        }
    }
}

@_cdecl("ws_subsurface_set_haptics")
public func ws_subsurface_set_haptics(_ subsurface: OpaquePointer!, _ haptics: UnsafePointer<ws_haptics>!, _ appID: UnsafePointer<CChar>!) -> ws_status {
    setHaptics(subsurface, as: SubsurfaceHandle.self, haptics, appID)
}

@_cdecl("ws_canvas_set_haptics")
public func ws_canvas_set_haptics(_ canvas: OpaquePointer!, _ haptics: UnsafePointer<ws_haptics>!, _ appID: UnsafePointer<CChar>!) -> ws_status {
    setHaptics(canvas, as: CanvasHandle.self, haptics, appID)
}

@_cdecl("ws_subsurface_get_haptics_device")
public func ws_subsurface_get_haptics_device(_ subsurface: OpaquePointer!, _ out: UnsafeMutablePointer<ws_haptics_device>!) -> ws_status {
    hapticsDevice(subsurface, as: SubsurfaceHandle.self, out)
}

@_cdecl("ws_canvas_get_haptics_device")
public func ws_canvas_get_haptics_device(_ canvas: OpaquePointer!, _ out: UnsafeMutablePointer<ws_haptics_device>!) -> ws_status {
    hapticsDevice(canvas, as: CanvasHandle.self, out)
}
