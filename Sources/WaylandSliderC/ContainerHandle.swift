import CWaylandSliderAPI
import SliderCore
import SliderRenderer
import WaylandSlider

/// What the C API's container calls need of a subsurface or a canvas, which hold sliders, images and haptics
/// alike.
protocol SliderContents: AnyObject {
    /// What the C API calls it: "subsurface" or "canvas".
    static var handleName: String { get }
    func add(_ slider: Slider)
    func remove(_ slider: Slider)
    /// Makes `image` drawable under `id`.
    func registerImage(_ image: RGBAImage, id: UInt32) throws
    /// Plays the sliders' step and limit events (nil: off).
    func setHaptics(_ configuration: HapticsConfiguration?, appID: String) throws(HapticsError)
    /// What plays them, nil when nothing does.
    var hapticsDevice: HapticsDevice? { get }
}

extension SliderSubsurface: SliderContents {
    static var handleName: String { "subsurface" }
}

extension SliderCanvas: SliderContents {
    static var handleName: String { "canvas" }
}

/// What a `ws_subsurface *` or a `ws_canvas *` stands for: the subsurface or canvas, and the handles of the
/// sliders added to it.
class ContainerHandle<Contents: SliderContents>: CHandle {
    let contents: Contents
    var pointer: OpaquePointer?
    /// The handles of the sliders in it, held so that a slider handle destroyed while added is still known.
    private var handles: [SliderHandle] = []

    init(_ contents: Contents) { self.contents = contents }

    /// Adds the slider of `pointer`; a slider already in a container is refused.
    func add(_ pointer: OpaquePointer?) throws(CallError) {
        guard let handle = SliderHandle.from(pointer) else { throw CallError.invalid("slider is NULL") }
        guard handle.container == nil else { throw CallError.invalid("the slider is already in a subsurface or canvas") }
        handle.container = self
        handles.append(handle)
        contents.add(handle.slider)
    }

    /// Removes the slider of `pointer`; one that is not in this container is refused.
    func remove(_ pointer: OpaquePointer?) throws(CallError) {
        guard let handle = SliderHandle.from(pointer) else { throw CallError.invalid("slider is NULL") }
        guard handle.container === self else { throw CallError.invalid("the slider is not in this container") }
        handle.container = nil
        handles.removeAll { $0 === handle }
        contents.remove(handle.slider)
    }

    /// Called before the container goes: its sliders can be added elsewhere.
    func releaseSliders() {
        for handle in handles { handle.container = nil }
        handles.removeAll()
    }
}

/// What a `ws_subsurface *` stands for.
typealias SubsurfaceHandle = ContainerHandle<SliderSubsurface>

/// Runs the body of the C function `function` (see `cCall`) with the subsurface or canvas handle of `pointer`;
/// NULL is refused.
func withContainer<Contents, Container: ContainerHandle<Contents>>(_ pointer: OpaquePointer?, as type: Container.Type, _ function: String = #function,
                                                                    _ body: (Container) throws -> Void) -> ws_status {
    cCall(function) {
        guard let container = Container.from(pointer) else { throw CallError.invalid("\(Contents.handleName) is NULL") }
        try body(container)
    }
}

/// Milliseconds for a C timeout, rounded up so a loop does not wake early; -1 for none.
func milliseconds(_ seconds: Double?) -> Int32 {
    guard let seconds else { return -1 }
    return Int32(min(max((seconds * 1000).rounded(.up), 0), Double(Int32.max)))
}
