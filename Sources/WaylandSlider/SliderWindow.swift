import SliderAccessibility
@_spi(Internals) import SliderCore
import SliderRenderer
@_spi(Internals) import SliderWayland

/// A Wayland window showing sliders: an xdg toplevel (or, where the configuration asks, a layer surface: a
/// panel or overlay on an output's edge) whose frame loop routes input from every seat to the sliders and
/// draws a frame only when a slider changed or animates, paced by the compositor.
///
/// ```swift
/// let volume = try Slider(value: 0.5, in: 0...1, name: "volume")
/// volume.frame = Rect(x: 20, y: 20, width: 360, height: 44)
/// volume.onValueChanged = { print("volume", $0) }
/// let window = try SliderWindow(WindowConfiguration(title: "Volume", size: Size(width: 400, height: 84)), sliders: [volume])
/// try window.run()
/// ```
///
/// Run it with `run()`, or embed it in an existing poll loop: watch `fileDescriptor` (and
/// `accessibilityFileDescriptor` when published) for reading, wait at most `timeUntilNextTimer`, and call
/// `dispatch(timeout: 0)` when either fires. Single-threaded: use it on the thread that created it.
///
/// Releasing the window closes it and frees everything it made: its surface, its EGL context or wl_shm
/// buffers, its GL objects and its connection to the compositor.
public final class SliderWindow: SliderSurface {
    /// The xdg toplevel, or the layer surface the configuration asks for.
    private let role: any WindowRole
    private var isClosed = false
    /// `onCloseRequested` was called (once per window).
    private var reportedClose = false
    private let title: String
    /// Called once when the compositor asks the window to close (not for `close()`); `run()` returns after it.
    public var onCloseRequested: (() -> Void)?

    /// Connects (WAYLAND_DISPLAY, or `socket`), creates the window and waits for its first configure, so
    /// `size` is the compositor's choice. Nothing is drawn yet: lay the sliders out for `size` and set the
    /// callbacks, then `run()` or `dispatch`, which draw the first frame. Throws `WaylandError` for no
    /// compositor, a missing global, an EGL failure, a protocol error, or haptics asked of a device that cannot
    /// play them.
    public convenience init(_ configuration: WindowConfiguration = WindowConfiguration(), sliders: [Slider], background: Color = .white,
                            socket: String? = nil) throws(WaylandError) {
        try self.init(configuration, sliders: sliders, background: background, socket: socket, observer: nil)
    }

    /// A window whose frames `observer` measures (the benchmarks' statistics), as `init(_:sliders:background:socket:)`.
    package init(_ configuration: WindowConfiguration, sliders: [Slider], background: Color = .white, socket: String? = nil,
                 observer: FrameObserver?) throws(WaylandError) {
        let client = try WaylandClient(socket: socket)
        client.input.setCursor(hidden: configuration.hidesCursor)
        if let layer = configuration.layer {
            role = try LayerSurface(client: client, configuration: configuration, placement: layer)
        } else {
            role = try Toplevel(client: client, configuration: configuration)
        }
        // The compositor answers the role's first commit while EGL starts and the shader compiles.
        try client.connection.flush()
        client.startup.mark("window created")
        // A fullscreen window asked to draw only what its sliders cover does so on a subsurface over a one-pixel
        // background, where the compositor offers what that needs (`CoveredArea`).
        let covered = configuration.isFullscreen && configuration.drawsOnlySliderArea && configuration.layer == nil
            ? try CoveredArea.make(client: client, window: role) : nil
        let frameLoop = try FrameLoop(client: client, role: covered ?? role, sliders: sliders, background: background,
                                      presentation: configuration.presentation, renderer: configuration.renderer,
                                      pacing: configuration.framePacing, observer: observer)
        frameLoop.sliders.router.wheelTarget = configuration.wheelTarget
        // A knob turns the focused slider: the first one is focused from the start, its ring shown.
        if configuration.wheelTarget == .focusedSlider, let first = sliders.first(where: \.isEnabled) {
            frameLoop.sliders.router.focus(first, visible: true)
        }
        title = configuration.title
        super.init(frameLoop: frameLoop, client: client)
        try client.connection.roundtrip()
        client.startup.mark("first configure")
        startAccessibility(configuration)
        do {
            try setHaptics(configuration.haptics, appID: configuration.appID)
        } catch {
            throw .haptics(error)
        }
    }

    /// Publishes the sliders on the accessibility bus when there is one.
    private func startAccessibility(_ configuration: WindowConfiguration) {
        _ = publishAccessibility(on: configuration.accessibility, applicationName: configuration.appID, host: self)
    }

    // MARK: Input and images

    /// Called with every input event the compositor sends to the window, as it arrives (for recording).
    public var onInput: ((InputEvent) -> Void)? {
        get { frameLoop.onInput }
        set { frameLoop.onInput = newValue }
    }

    /// Why the window cannot draw text (no font), nil when it can.
    public var fontError: String? { frameLoop.fontError }

    // MARK: Geometry

    /// The content size in points (the compositor's choice once it made one).
    public var size: Size { role.size }
    /// The scale the window is drawn at now.
    public var scale: SurfaceScale { role.scale }
    /// The buffer size in device pixels.
    public var pixelSize: (width: Int, height: Int) { role.pixelSize }
    /// True after the compositor's first configure was acknowledged.
    public var isConfigured: Bool { role.isConfigured }
    /// Whether the compositor says the window is fullscreen.
    public var isFullscreen: Bool { role.isFullscreen }

    /// Called with the new size in points when the compositor resizes the window (a tiling compositor, a
    /// kiosk's fullscreen), before the frame at the new size is built: lay the sliders out here.
    public var onSizeChanged: ((Size) -> Void)? {
        get { frameLoop.onSizeChanged }
        set { frameLoop.onSizeChanged = newValue }
    }

    /// Makes the window fullscreen or not.
    public func setFullscreen(_ fullscreen: Bool) {
        role.setFullscreen(fullscreen)
        _ = try? client.connection.flush()
    }

    // MARK: Frames

    /// When each step of opening the window ended, up to its first configure (for benchmarks; its frame
    /// loop's observer times the first frame).
    @_spi(Internals) public var startupTimeline: StartupTimeline { client.startup }
    /// Dispatches until nothing is being drawn and, when frames are measured (an observer), every committed
    /// frame has been shown (presented or discarded), waiting at most `timeout` seconds. Returns false when
    /// the time ran out first.
    @discardableResult
    public func waitUntilShown(timeout: Double) throws(WaylandError) -> Bool {
        let deadline = MonotonicTime.seconds() + timeout
        try dispatch(timeout: 0)
        while hasFrameInFlight || frameLoop.awaitsPresentation {
            let left = deadline - MonotonicTime.seconds()
            guard left > 0 else { return false }
            try dispatch(timeout: min(left, 0.05))
        }
        return true
    }

    // MARK: Event loop

    /// True once the compositor asked to close or `close()` was called.
    public var isCloseRequested: Bool { isClosed || role.isCloseRequested }

    /// Ends `run()` after the current iteration.
    public func close() { isClosed = true }

    /// Runs until the window is asked to close. Throws when the connection fails (the compositor went away:
    /// `.connectionLost`, or a `.protocolError`).
    public func run() throws(WaylandError) {
        while !isCloseRequested { try dispatch(timeout: nil) }
        reportCloseIfAsked()
    }

    /// One iteration: waits up to `timeout` seconds (nil: until something happens; 0: not at all) for
    /// events or a timer, delivers them to the sliders, draws a frame if anything changed and the compositor
    /// is ready for one, and answers the accessibility bus.
    public override func dispatch(timeout: Double?) throws(WaylandError) {
        try super.dispatch(timeout: timeout)
        reportCloseIfAsked()
    }

    /// Tells `onCloseRequested` the first time the compositor's request is seen.
    private func reportCloseIfAsked() {
        guard role.isCloseRequested, !reportedClose else { return }
        reportedClose = true
        isClosed = true
        onCloseRequested?()
    }
}

extension SliderWindow: AccessibilityHost {
    package var accessibleTitle: String { title }
    package var accessibleSize: Size { size }
}
