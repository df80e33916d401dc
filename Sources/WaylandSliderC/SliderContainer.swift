import CWaylandSliderAPI
import SliderCore
import SliderRenderer

/// A subsurface or canvas handle: what the C API's add and remove calls need of either.
protocol SliderContainer: AnyObject {
    /// What the C API calls it: "subsurface" or "canvas".
    static var name: String { get }
    /// The handles of the sliders in it, held so that a slider handle destroyed while added is still known.
    var handles: [SliderHandle] { get set }
    func insert(_ slider: Slider)
    func delete(_ slider: Slider)
    /// Makes `image` drawable under `id`.
    func register(_ image: RGBAImage, id: UInt32) throws
    /// Plays the sliders' step and limit events (nil: off).
    func setHaptics(_ configuration: HapticsConfiguration?, appID: String) throws(HapticsError)
    /// What plays them, nil when nothing does.
    var hapticsDevice: HapticsDevice? { get }
}

extension SliderContainer {
    /// Adds the slider of `pointer`; a slider already in a container is refused.
    func add(_ pointer: OpaquePointer?) throws(CallError) {
        guard let handle = SliderHandle.from(pointer) else { throw CallError.invalid("slider is NULL") }
        guard handle.container == nil else { throw CallError.invalid("the slider is already in a subsurface or canvas") }
        handle.container = self
        handles.append(handle)
        insert(handle.slider)
    }

    /// Removes the slider of `pointer`; one that is not in this container is refused.
    func remove(_ pointer: OpaquePointer?) throws(CallError) {
        guard let handle = SliderHandle.from(pointer) else { throw CallError.invalid("slider is NULL") }
        guard handle.container === self else { throw CallError.invalid("the slider is not in this container") }
        handle.container = nil
        handles.removeAll { $0 === handle }
        delete(handle.slider)
    }

    /// Called before the container goes: its sliders can be added elsewhere.
    func releaseSliders() {
        for handle in handles { handle.container = nil }
        handles.removeAll()
    }
}

/// Runs the body of the C function `function` (see `cCall`) with the subsurface or canvas of a handle; NULL is
/// refused.
func withContainer<Container: SliderContainer>(_ pointer: OpaquePointer?, as type: Container.Type, _ function: String = #function,
                                               _ body: (Container) throws -> Void) -> ws_status {
    cCall(function) {
        guard let container = Handle.object(pointer, as: type) else { throw CallError.invalid("\(Container.name) is NULL") }
        try body(container)
    }
}

/// Milliseconds for a C timeout, rounded up so a loop does not wake early; -1 for none.
func milliseconds(_ seconds: Double?) -> Int32 {
    guard let seconds else { return -1 }
    return Int32(min(max((seconds * 1000).rounded(.up), 0), Double(Int32.max)))
}
