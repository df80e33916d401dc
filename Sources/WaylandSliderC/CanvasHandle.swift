import CWaylandSliderAPI
import SliderCore
import SliderRenderer
import WaylandSlider

/// What a `ws_canvas *` stands for: the canvas, its sliders' handles, and the time of the last timed event.
final class CanvasHandle: ContainerHandle<SliderCanvas> {
    /// The time of the last timed event: frames, which carry none in Wayland, are stamped with it.
    var lastTime: UInt32 = 0
}

@_cdecl("ws_canvas_create")
public func ws_canvas_create(_ out: UnsafeMutablePointer<OpaquePointer?>!) -> ws_status {
    cCall {
        guard let out else { throw CallError.invalid("out is NULL") }
        out.pointee = nil
        out.pointee = CanvasHandle(try SliderCanvas()).retainForC()
    }
}

@_cdecl("ws_canvas_destroy")
public func ws_canvas_destroy(_ canvas: OpaquePointer!) {
    guard let canvas, let handle = CanvasHandle.from(canvas) else { return }
    handle.contents.onNeedsDisplay = nil
    handle.releaseSliders()
    CanvasHandle.release(canvas)
}

@_cdecl("ws_canvas_add_slider")
public func ws_canvas_add_slider(_ canvas: OpaquePointer!, _ slider: OpaquePointer!) -> ws_status {
    withContainer(canvas, as: CanvasHandle.self) { try $0.add(slider) }
}

@_cdecl("ws_canvas_remove_slider")
public func ws_canvas_remove_slider(_ canvas: OpaquePointer!, _ slider: OpaquePointer!) -> ws_status {
    withContainer(canvas, as: CanvasHandle.self) { try $0.remove(slider) }
}

@_cdecl("ws_canvas_draw")
public func ws_canvas_draw(_ canvas: OpaquePointer!, _ framebuffer: UInt32, _ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32,
                           _ scale: Double) -> ws_status {
    withContainer(canvas, as: CanvasHandle.self) { handle in
        try handle.contents.draw(over: framebuffer, viewport: PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)), scale: scale)
    }
}

@_cdecl("ws_canvas_needs_display")
public func ws_canvas_needs_display(_ canvas: OpaquePointer!) -> Bool { CanvasHandle.from(canvas)?.contents.needsDisplay ?? false }

@_cdecl("ws_canvas_set_redraw_callback")
public func ws_canvas_set_redraw_callback(_ canvas: OpaquePointer!, _ callback: ws_redraw_callback!, _ userData: UnsafeMutableRawPointer!) -> ws_status {
    withContainer(canvas, as: CanvasHandle.self) { handle in
        handle.contents.onNeedsDisplay = callback.map { f in { [unowned handle] in f(handle.pointer, userData) } }
    }
}

@_cdecl("ws_canvas_get_timeout")
public func ws_canvas_get_timeout(_ canvas: OpaquePointer!) -> Int32 { milliseconds(CanvasHandle.from(canvas)?.contents.timeUntilNextTimer) }

@_cdecl("ws_canvas_fire_timers")
public func ws_canvas_fire_timers(_ canvas: OpaquePointer!) -> ws_status {
    withContainer(canvas, as: CanvasHandle.self) { $0.contents.fireTimers() }
}

// MARK: Input

/// Routes one event into the canvas of `pointer`; positions must be finite. An event without a time (a frame)
/// gets the last event's.
private func feed(_ pointer: OpaquePointer?, _ function: String = #function, time: UInt32?, _ kind: InputEvent.Kind...,
                  position: Point? = nil) -> ws_status {
    withContainer(pointer, as: CanvasHandle.self, function) { handle in
        if let position, !Double.allFinite(position.x, position.y) {
            throw CallError.invalid("position \(position.x), \(position.y) must be finite")
        }
        if let time { handle.lastTime = time }
        for kind in kind { handle.contents.handle(InputEvent(time: handle.lastTime, kind)) }
    }
}

@_cdecl("ws_canvas_pointer_enter")
public func ws_canvas_pointer_enter(_ canvas: OpaquePointer!, _ x: Double, _ y: Double) -> ws_status {
    let p = Point(x: x, y: y)
    return feed(canvas, time: nil, .pointerEnter(p), position: p)
}

@_cdecl("ws_canvas_pointer_leave")
public func ws_canvas_pointer_leave(_ canvas: OpaquePointer!) -> ws_status { feed(canvas, time: nil, .pointerLeave) }

@_cdecl("ws_canvas_pointer_motion")
public func ws_canvas_pointer_motion(_ canvas: OpaquePointer!, _ time: UInt32, _ x: Double, _ y: Double) -> ws_status {
    let p = Point(x: x, y: y)
    return feed(canvas, time: time, .pointerMotion(p), position: p)
}

@_cdecl("ws_canvas_pointer_button")
public func ws_canvas_pointer_button(_ canvas: OpaquePointer!, _ time: UInt32, _ button: UInt32, _ pressed: Bool) -> ws_status {
    feed(canvas, time: time, .pointerButton(button: button, state: pressed ? .pressed : .released))
}

@_cdecl("ws_canvas_pointer_wheel")
public func ws_canvas_pointer_wheel(_ canvas: OpaquePointer!, _ time: UInt32, _ horizontal: Bool, _ notches: Int32) -> ws_status {
    guard abs(notches) <= 1000 else { return cCall { throw CallError.invalid("\(notches) notches: at most 1000 either way") } }
    let axis: ScrollAxis = horizontal ? .horizontal : .vertical
    return feed(canvas, time: time, .pointerAxisSource(.wheel), .pointerAxisValue120(axis: axis, value120: notches * 120),
                .pointerAxis(axis: axis, value: Double(notches) * 15))
}

@_cdecl("ws_canvas_pointer_frame")
public func ws_canvas_pointer_frame(_ canvas: OpaquePointer!) -> ws_status { feed(canvas, time: nil, .pointerFrame) }

@_cdecl("ws_canvas_touch_down")
public func ws_canvas_touch_down(_ canvas: OpaquePointer!, _ time: UInt32, _ id: Int32, _ x: Double, _ y: Double) -> ws_status {
    let p = Point(x: x, y: y)
    return feed(canvas, time: time, .touchDown(id: id, p), position: p)
}

@_cdecl("ws_canvas_touch_motion")
public func ws_canvas_touch_motion(_ canvas: OpaquePointer!, _ time: UInt32, _ id: Int32, _ x: Double, _ y: Double) -> ws_status {
    let p = Point(x: x, y: y)
    return feed(canvas, time: time, .touchMotion(id: id, p), position: p)
}

@_cdecl("ws_canvas_touch_up")
public func ws_canvas_touch_up(_ canvas: OpaquePointer!, _ time: UInt32, _ id: Int32) -> ws_status {
    feed(canvas, time: time, .touchUp(id: id))
}

@_cdecl("ws_canvas_touch_frame")
public func ws_canvas_touch_frame(_ canvas: OpaquePointer!) -> ws_status { feed(canvas, time: nil, .touchFrame) }

@_cdecl("ws_canvas_touch_cancel")
public func ws_canvas_touch_cancel(_ canvas: OpaquePointer!) -> ws_status { feed(canvas, time: nil, .touchCancel) }

@_cdecl("ws_canvas_key")
public func ws_canvas_key(_ canvas: OpaquePointer!, _ time: UInt32, _ keysym: UInt32, _ pressed: Bool) -> ws_status {
    feed(canvas, time: time, .key(keysym: keysym, state: pressed ? .pressed : .released, modifiers: []))
}
