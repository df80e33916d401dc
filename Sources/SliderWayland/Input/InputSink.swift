import SliderCore

/// Where a seat delivers what it translated: a SliderCore `InputEvent` and the wl_surface it is for.
///
/// Events without a surface of their own (motion, button, key, touch motion) carry the surface that has the
/// device's focus; `touchFrame` and `touchCancel` carry the surface of the touch points they end.
public protocol InputSink: AnyObject {
    func handle(_ event: InputEvent, on surface: OpaquePointer)
}
