import SliderAccessibility
import SliderCore
import SliderRenderer
import SliderWayland

/// Sliders on a subsurface of a host program's window: the host owns the `wl_display`, its window and its
/// event loop; the sliders get a desynchronized `wl_subsurface` of the host's surface with buffers, an
/// event queue and seat devices of their own (GStreamer's waylandsink embeds the same way). Pointer and
/// touch input the compositor sends to the subsurface reach the sliders; a frame is drawn only when a slider
/// changed, and commits only the subsurface, so the host never redraws for a slider.
///
/// The host dispatches its own queue as before, and from its loop calls `dispatch(timeout: 0)` whenever
/// `fileDescriptor` is readable, `timeUntilNextTimer` has passed, or it dispatched its own queue (both
/// queues read the same socket: events for ours may have been read by the host's read, and vice versa; a
/// dispatch reads our queue only, and leaves what it reads for the host's in the host's queue).
/// Keyboard focus belongs to the host's toplevel: forward keys with `replay(_:nextEventTime:)` if the sliders should take them.
///
/// After the first `dispatch` (which draws the first frame), the host commits its surface once: a
/// subsurface's place is the parent's state, and weston 10 shows a new subsurface, and sends it frame
/// callbacks, only from the parent's next commit.
///
/// Single-threaded: use it on the thread that dispatches the host's display. Our EGL context is made
/// current only while a frame is drawn; the host's current context is put back after. Releasing the
/// subsurface destroys everything it made (its surface, context or buffers, event queue and devices) and
/// leaves the host's display as it was.
public final class SliderSubsurface: SliderSurface {
    private let role: Subsurface

    /// Creates the subsurface of `parent` at `frame` (the parent surface's points), drawn at the host's
    /// integer buffer `scale`, its frames drawn by `renderer` and presented through `presentation` (nil:
    /// chosen as a window's are, see `WindowConfiguration.presentation` and `.renderer`).
    ///
    /// `display` is the host's `struct wl_display *` and `parent` a `struct wl_surface *` on it: the only raw
    /// handles the Swift API takes. Both must outlive this object. Throws `WaylandError`: `.invalidSize`,
    /// `.invalidScale`, `.missingGlobal` (no wl_subcompositor, or wl_compositor older than 4), `.egl`,
    /// `.invalidEnvironment` (`WAYLAND_SLIDER_PRESENTATION`, `WAYLAND_SLIDER_RENDERER`),
    /// `.unsupportedCombination` (the CPU renderer through EGL), or `.connectionLost` when the display has
    /// already failed.
    public init(display: UnsafeMutableRawPointer, parent: UnsafeMutableRawPointer, frame: Rect, scale: Int = 1,
                sliders: [Slider] = [], background: Color = .clear, presentation: PresentationPath? = nil,
                renderer: RendererKind? = nil) throws(WaylandError) {
        let client = try WaylandClient(borrowing: OpaquePointer(display))
        client.input.setCursor(hidden: false)
        role = try Subsurface(client: client, parent: OpaquePointer(parent), frame: frame, scale: scale)
        let frameLoop = try FrameLoop(client: client, role: role, sliders: sliders, background: background, presentation: presentation,
                                      renderer: renderer)
        super.init(frameLoop: frameLoop, client: client)
        try client.connection.flush()
    }

    /// The accessible frame's name while published.
    private var accessibleName = ""

    // MARK: Accessibility

    /// Publishes the sliders on the AT-SPI accessibility bus, as screen readers and UI test drivers read a
    /// window's: the application `applicationName` (the host's app id) with one frame named `title`, whose
    /// children are the sliders (extents in the subsurface's points). `bus`: as `WindowConfiguration`'s.
    /// Returns false when no accessibility bus runs. The host's loop then polls `accessibilityFileDescriptor`
    /// beside `fileDescriptor`; `dispatch` answers the bus. Published once: later calls change nothing.
    @discardableResult
    public func publishAccessibility(applicationName: String, title: String, bus: WindowConfiguration.AccessibilityBus = .automatic) -> Bool {
        if !isAccessibilityPublished { accessibleName = title }
        return publishAccessibility(on: bus, applicationName: applicationName, host: self)
    }

    // MARK: Geometry

    /// Where the subsurface is, in the parent surface's points (whole points).
    public var frame: Rect { role.frame }

    /// Moves and resizes the subsurface. A move shows when the host next commits its own surface (subsurface
    /// positions are the parent's state); a new size shows with the next frame. Throws `.invalidSize`.
    public func setFrame(_ frame: Rect) throws(WaylandError) {
        try role.setFrame(frame)
        try client.connection.flush()
    }

    /// The integer scale the subsurface draws at (the host's buffer scale).
    public var scale: Int { Int(role.scale.factor) }

    /// Draws at `scale` from the next frame on. Throws `.invalidScale` outside 1...16.
    public func setScale(_ scale: Int) throws(WaylandError) { try role.setScale(scale) }
}

extension SliderSubsurface: AccessibilityHost {
    package var accessibleTitle: String { accessibleName }
    package var accessibleSize: Size { frame.size }
}
