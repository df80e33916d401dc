/// Everything a slider reports, in the order it happens. `Slider.onEvent` receives all of them.
///
/// Order within a gesture: `editingChanged(true)`, then `valueChanged`/`step`/`limit`/`scrubbingRateChanged`
/// as the value moves, then on release the final `valueChanged` (a snap, or the only one when
/// `isContinuous` is false), pending merged `step`s, and `editingChanged(false)`. A cancelled gesture ends with
/// `valueChanged` (back to the value at press, when it had moved and events are continuous), `cancelled`, and
/// `editingChanged(false)` (unless another gesture, a second finger, is still editing). Values set by code report nothing, as in UIKit.
public enum SliderEvent: Equatable, Sendable {
    case valueChanged(thumb: Int, value: Double)
    case editingChanged(Bool)
    case cancelled
    case step(StepEvent)
    case limit(LimitEvent)
    case scrubbingRateChanged(Double)
}
