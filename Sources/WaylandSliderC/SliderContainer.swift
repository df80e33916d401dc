import CWaylandSliderAPI
import SliderCore
import SliderRenderer

/// A subsurface or canvas handle: what the C API's add and remove calls need of either.
protocol SliderContainer: AnyObject {
    /// The handles of the sliders in it, held so that a slider handle destroyed while added is still known.
    var handles: [SliderHandle] { get set }
    func insert(_ slider: Slider)
    func delete(_ slider: Slider)
    /// Makes `image` drawable under `id`, or returns the status of why not (recorded for `function`).
    func register(_ image: RGBAImage, id: UInt32, _ function: String) -> ws_status
    /// Plays the sliders' step and limit events (nil: off).
    func setHaptics(_ configuration: HapticsConfiguration?, appID: String) throws(HapticsError)
    /// What plays them, nil when nothing does.
    var hapticsDevice: HapticsDevice? { get }
}

extension SliderContainer {
    /// Adds the slider of `pointer`; a slider already in a container is refused.
    func add(_ pointer: OpaquePointer?, _ function: String) -> ws_status {
        guard let handle = SliderHandle.from(pointer) else { return LastError.invalid(function, "slider is NULL") }
        guard handle.container == nil else { return LastError.invalid(function, "the slider is already in a subsurface or canvas") }
        handle.container = self
        handles.append(handle)
        insert(handle.slider)
        return WS_OK
    }

    /// Removes the slider of `pointer`; one that is not in this container is refused.
    func remove(_ pointer: OpaquePointer?, _ function: String) -> ws_status {
        guard let handle = SliderHandle.from(pointer) else { return LastError.invalid(function, "slider is NULL") }
        guard handle.container === self else { return LastError.invalid(function, "the slider is not in this container") }
        handle.container = nil
        handles.removeAll { $0 === handle }
        delete(handle.slider)
        return WS_OK
    }

    /// Called before the container goes: its sliders can be added elsewhere.
    func releaseSliders() {
        for handle in handles { handle.container = nil }
        handles.removeAll()
    }
}

/// Milliseconds for a C timeout, rounded up so a loop does not wake early; -1 for none.
func milliseconds(_ seconds: Double?) -> Int32 {
    guard let seconds else { return -1 }
    return Int32(min(max((seconds * 1000).rounded(.up), 0), Double(Int32.max)))
}
