/// What a press and a drag do (Flutter's `SliderInteraction`).
public enum InteractionPolicy: Equatable, Sendable {
    /// A press on the track moves the thumb there; dragging the thumb or from the track moves it. The default.
    case tapAndSlide
    /// Only dragging the thumb moves it; presses on the track are ignored.
    case slideThumb
    /// A tap (press and release) moves the thumb to the tap; dragging does nothing.
    case tapOnly
    /// A drag anywhere on the slider moves the thumb by the drag's distance; a tap does nothing.
    case slideOnly
}

/// The device a gesture comes from. Touch gestures carry the wl_touch id.
public enum TrackingSource: Equatable, Hashable, Sendable {
    case pointer
    case touch(Int32)
    case keyboard

    public var isTouch: Bool {
        if case .touch = self { return true }
        return false
    }
}
