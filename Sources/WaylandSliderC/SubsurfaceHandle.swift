import CWaylandSliderAPI
import SliderCore
import SliderRenderer
import SliderWayland
import WaylandSlider

@_cdecl("ws_subsurface_create")
public func ws_subsurface_create(_ display: OpaquePointer!, _ parent: OpaquePointer!, _ x: Double, _ y: Double, _ width: Double,
                                 _ height: Double, _ scale: Int32, _ out: UnsafeMutablePointer<OpaquePointer?>!) -> ws_status {
    cCall {
        guard let out else { throw CallError.invalid("out is NULL") }
        out.pointee = nil
        guard let display, let parent else { throw CallError.invalid("display and parent must not be NULL") }
        do {
            let subsurface = try SliderSubsurface(display: UnsafeMutableRawPointer(display), parent: UnsafeMutableRawPointer(parent),
                                                  frame: Rect(x: x, y: y, width: width, height: height), scale: Int(scale))
            out.pointee = SubsurfaceHandle(subsurface).retainForC()
        } catch WaylandError.invalidSize, WaylandError.invalidScale {
            throw CallError.invalid("frame \(x), \(y), \(width) x \(height) at scale \(scale): sizes 1...16384 points, scale 1...16")
        }
    }
}

@_cdecl("ws_subsurface_destroy")
public func ws_subsurface_destroy(_ subsurface: OpaquePointer!) {
    guard let subsurface, let handle = SubsurfaceHandle.from(subsurface) else { return }
    handle.releaseSliders()
    SubsurfaceHandle.release(subsurface)
}

@_cdecl("ws_subsurface_add_slider")
public func ws_subsurface_add_slider(_ subsurface: OpaquePointer!, _ slider: OpaquePointer!) -> ws_status {
    withContainer(subsurface, as: SubsurfaceHandle.self) { try $0.add(slider) }
}

@_cdecl("ws_subsurface_remove_slider")
public func ws_subsurface_remove_slider(_ subsurface: OpaquePointer!, _ slider: OpaquePointer!) -> ws_status {
    withContainer(subsurface, as: SubsurfaceHandle.self) { try $0.remove(slider) }
}

@_cdecl("ws_subsurface_set_frame")
public func ws_subsurface_set_frame(_ subsurface: OpaquePointer!, _ x: Double, _ y: Double, _ width: Double, _ height: Double) -> ws_status {
    withContainer(subsurface, as: SubsurfaceHandle.self) { handle in
        do { try handle.contents.setFrame(Rect(x: x, y: y, width: width, height: height)) } catch WaylandError.invalidSize {
            throw CallError.invalid("frame \(x), \(y), \(width) x \(height): finite, sizes 1...16384 points")
        }
    }
}

@_cdecl("ws_subsurface_set_scale")
public func ws_subsurface_set_scale(_ subsurface: OpaquePointer!, _ scale: Int32) -> ws_status {
    withContainer(subsurface, as: SubsurfaceHandle.self) { try $0.contents.setScale(Int(scale)) }
}

@_cdecl("ws_subsurface_set_background")
public func ws_subsurface_set_background(_ subsurface: OpaquePointer!, _ red: Double, _ green: Double, _ blue: Double,
                                         _ alpha: Double) -> ws_status {
    withContainer(subsurface, as: SubsurfaceHandle.self) { handle in
        guard [red, green, blue, alpha].allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }) else {
            throw CallError.invalid("components must be 0...1")
        }
        handle.contents.background = Color(red: red, green: green, blue: blue, alpha: alpha)
    }
}

@_cdecl("ws_subsurface_get_fd")
public func ws_subsurface_get_fd(_ subsurface: OpaquePointer!) -> Int32 { SubsurfaceHandle.from(subsurface)?.contents.fileDescriptor ?? -1 }

@_cdecl("ws_subsurface_publish_accessibility")
public func ws_subsurface_publish_accessibility(_ subsurface: OpaquePointer!, _ appID: UnsafePointer<CChar>!, _ title: UnsafePointer<CChar>!,
                                                _ busAddress: UnsafePointer<CChar>!, _ published: UnsafeMutablePointer<Bool>!) -> ws_status {
    published?.pointee = false
    return withContainer(subsurface, as: SubsurfaceHandle.self) { handle in
        guard let appID, appID.pointee != 0 else { throw CallError.invalid("app_id is NULL or empty") }
        let name = String(cString: appID)
        let bus: WindowConfiguration.AccessibilityBus = busAddress.map { .session(address: String(cString: $0)) } ?? .automatic
        published?.pointee = handle.contents.publishAccessibility(applicationName: name, title: title.map { String(cString: $0) } ?? name,
                                                                    bus: bus)
    }
}

@_cdecl("ws_subsurface_get_accessibility_fd")
public func ws_subsurface_get_accessibility_fd(_ subsurface: OpaquePointer!) -> Int32 {
    SubsurfaceHandle.from(subsurface)?.contents.accessibilityFileDescriptor ?? -1
}

@_cdecl("ws_subsurface_get_timeout")
public func ws_subsurface_get_timeout(_ subsurface: OpaquePointer!) -> Int32 {
    milliseconds(SubsurfaceHandle.from(subsurface)?.contents.timeUntilNextTimer)
}

@_cdecl("ws_subsurface_dispatch")
public func ws_subsurface_dispatch(_ subsurface: OpaquePointer!, _ timeoutMilliseconds: Int32) -> ws_status {
    withContainer(subsurface, as: SubsurfaceHandle.self) { handle in
        guard timeoutMilliseconds >= -1 else { throw CallError.invalid("timeout \(timeoutMilliseconds): -1, 0 or more") }
        try handle.contents.dispatch(timeout: timeoutMilliseconds < 0 ? nil : Double(timeoutMilliseconds) / 1000)
    }
}

@_cdecl("ws_subsurface_get_frame_count")
public func ws_subsurface_get_frame_count(_ subsurface: OpaquePointer!) -> UInt64 {
    UInt64(SubsurfaceHandle.from(subsurface)?.contents.frameLoop.committedFrames ?? 0)
}

@_cdecl("ws_subsurface_get_presentation")
public func ws_subsurface_get_presentation(_ subsurface: OpaquePointer!, _ out: UnsafeMutablePointer<ws_presentation>!) -> ws_status {
    withContainer(subsurface, as: SubsurfaceHandle.self) { handle in
        guard let out else { throw CallError.invalid("out is NULL") }
        out.pointee = handle.contents.presentationPath == .eglWindow ? WS_PRESENTATION_EGL_WINDOW : WS_PRESENTATION_SHM
    }
}
