import SliderAccessibility
@_spi(Internals) import SliderCore
@_spi(Internals) import SliderWayland

/// What a window and an embedded subsurface share: a Wayland surface of ours showing sliders, drawn by its
/// frame loop only when a slider changed or animates, paced by the compositor, on the event loop of its
/// connection. Not made directly: `SliderWindow` and `SliderSubsurface` are the two kinds.
///
/// Single-threaded: use it on the thread that dispatches its connection.
public class SliderSurface {
    /// The frame loop: sliders, input routing, drawing.
    package let frameLoop: FrameLoop
    /// The connection the surface lives on, and its event loop.
    package let client: WaylandClient
    /// The AT-SPI bridge, nil while the sliders are not published.
    private var accessibility: AccessibilitySource?
    private var hapticsState = HapticsState()

    package init(frameLoop: FrameLoop, client: WaylandClient) {
        self.frameLoop = frameLoop
        self.client = client
    }

    // MARK: Sliders and input

    /// The sliders, drawn in this order; their `frame`s are in the surface's points, (0, 0) at its top-left
    /// corner.
    public var sliders: [Slider] { frameLoop.sliders.sliders }
    /// Adds a slider (drawn last, routed input).
    public func add(_ slider: Slider) {
        frameLoop.add(slider)
        hapticsState.added(slider)
    }
    /// Removes a slider, cancelling any gesture on it.
    public func remove(_ slider: Slider) {
        frameLoop.remove(slider)
        hapticsState.removed(slider)
    }

    /// Makes `image` drawable as `SliderImage.user(id: id)` (end images, thumb images). Throws
    /// `WaylandError.renderer` when the atlas is full or the image is invalid.
    public func registerImage(_ image: RGBAImage, id: UInt32) throws(WaylandError) { try frameLoop.registerImage(image, id: id) }
    /// Loads a PNG and registers it; a missing or corrupt file is an error.
    public func registerImage(contentsOfPNG path: String, id: UInt32) throws(WaylandError) {
        try frameLoop.registerImage(contentsOfPNG: path, id: id)
    }

    /// Drawn behind the sliders (opaque makes the compositor skip what is beneath).
    public var background: Color {
        get { frameLoop.background }
        set { frameLoop.background = newValue }
    }
    /// Asks the compositor to call `idled` when its seat has had no input, anywhere, for `seconds`, and `resumed`
    /// at the next input (ext-idle-notify-v1), for as long as the returned object lives; nil where the compositor
    /// offers no idle notifier.
    package func notifyWhenIdle(after seconds: Double, idled: @escaping () -> Void, resumed: @escaping () -> Void) -> AnyObject? {
        IdleNotification(client: client, timeout: seconds, idled: idled, resumed: resumed)
    }

    /// The surface's own brightness, 0 (black) to 1 (as drawn, the default): what it shows multiplied by it,
    /// as a panel dims itself where it may not set the backlight. Clamped; not finite: 1.
    public var brightness: Double {
        get { frameLoop.brightness }
        set { frameLoop.brightness = newValue }
    }
    /// false: input is reported to `onInput` and reaches no slider (as a view's `isUserInteractionEnabled`): a
    /// dimmed panel's waking touch. Default: true.
    public var isUserInteractionEnabled: Bool {
        get { frameLoop.acceptsInput }
        set { frameLoop.acceptsInput = newValue }
    }
    /// Feeds a recorded event through the surface's input path, as if the compositor had sent it (not
    /// reported to `onInput`). A key that names no keysym is looked up by its evdev code in xkbcommon's
    /// default keymap, and held keys repeat on the script's timeline: the repeats timed at or before an event
    /// come before it, and `nextEventTime` (the time of the event you feed next, when you know it) keeps the
    /// clock from repeating a key past it while your player is behind. Returns false for a key event when no
    /// keymap could be compiled.
    @discardableResult
    public func replay(_ event: InputEvent, nextEventTime: UInt32? = nil) -> Bool { inputReplay.replay(event, nextEventTime: nextEventTime) }
    /// Made on the first `replay`.
    private lazy var inputReplay = InputReplay(into: frameLoop)

    // MARK: Frames
    /// True while a committed frame's callback is outstanding, a change waits to be drawn, or the first
    /// frame is still owed.
    public var hasFrameInFlight: Bool { frameLoop.hasFrameInFlight }
    /// How frames reach the compositor: an EGL window surface, or wl_shm buffers of ours in software.
    public var presentationPath: PresentationPath { frameLoop.presentationPath }
    /// What draws the frames: the GLES2 renderer or the CPU renderer.
    public var renderer: RendererKind { frameLoop.rendererKind }

    /// Asks for a new frame (after changing something the sliders do not track themselves).
    public func setNeedsDisplay() { frameLoop.setNeedsDisplay() }

    // MARK: The event loop

    /// The connection's socket: poll it for reading when dispatching from a loop of your own.
    public var fileDescriptor: Int32 { client.connection.fileDescriptor }

    /// Seconds until a timer (key repeat, held-back step events, a frame's deadline) fires, nil when none is
    /// pending: the longest a loop may wait before calling `dispatch(timeout: 0)`; a loop that waits in
    /// milliseconds (poll) rounds it up, as a timer is not fired before it is due. 0 while events another
    /// reader of the socket (the host, another subsurface) queued for this surface wait: no poll would wake
    /// for them.
    public var timeUntilNextTimer: Double? { client.eventLoop.timeUntilNextTimer }

    /// One iteration: waits up to `timeout` seconds (nil: until something happens; 0: not at all) for events
    /// or a timer, delivers them to the sliders, draws a frame if anything changed and the compositor is
    /// ready for one, and answers the accessibility bus when published. Throws when the connection failed.
    public func dispatch(timeout: Double?) throws(WaylandError) {
        try client.eventLoop.dispatch(timeout: timeout)
        accessibility?.bridge.update()
    }

    // MARK: Haptics

    /// The haptics asked for with `setHaptics`, nil when off (the default).
    public var haptics: HapticsConfiguration? { hapticsState.configuration }
    /// What plays the pulses, nil when nothing does (off, or the automatic choice found no motor).
    public var hapticsDevice: HapticsDevice? { hapticsState.device }

    /// Plays the sliders' step and limit events on the device's vibration motor (nil: off). `appID` names the
    /// application to feedbackd (its per-application feedback level). With `configuration.device` nil, finds
    /// feedbackd, else a tagged evdev motor, else plays nothing, silently (`hapticsDevice` says which); throws
    /// `HapticsError` when an explicit device cannot play, and then nothing plays.
    public func setHaptics(_ configuration: HapticsConfiguration?, appID: String) throws(HapticsError) {
        try hapticsState.set(configuration, appID: appID, sliders: sliders)
    }

    // MARK: Accessibility

    /// True when the sliders are published on the AT-SPI accessibility bus (a screen reader can see them).
    public var isAccessibilityPublished: Bool { accessibility != nil }

    /// The accessibility bus's socket, nil when not published: an embedding loop polls it for reading beside
    /// `fileDescriptor` (`dispatch` answers it).
    public var accessibilityFileDescriptor: Int32? { accessibility.map(\.bridge.fileDescriptor) }

    // What a window and a subsurface tell the bridge alike (`AccessibilityHost`; each adds its title and size).
    package var accessibleSliders: [Slider] { sliders }
    package var accessibleFocus: Slider? { frameLoop.sliders.router.focusedSlider }
    package var isAccessibleWindowActive: Bool { true }
    package func grabAccessibleFocus(_ slider: Slider) { frameLoop.sliders.router.focus(slider, visible: true) }

    /// Publishes `host`'s sliders on `bus` as the application `applicationName`; false when there is no
    /// accessibility bus (or `.off`). Published once: later calls change nothing.
    package func publishAccessibility(on bus: WindowConfiguration.AccessibilityBus, applicationName: String, host: AccessibilityHost) -> Bool {
        if accessibility != nil { return true }
        let chosen: AccessibilityBridge.Bus
        switch bus {
        case .off: return false
        case .automatic: chosen = .automatic
        case .session(let address): chosen = .session(address: address)
        }
        guard let bridge = AccessibilityBridge.start(bus: chosen, applicationName: applicationName, host: host) else { return false }
        let source = AccessibilitySource(bridge: bridge)
        accessibility = source
        client.eventLoop.add(source)
        return true
    }
}

/// The accessibility bridge as a source the event loop polls (held weakly there, by the surface here).
private final class AccessibilitySource: AuxiliaryEventSource {
    let bridge: AccessibilityBridge
    init(bridge: AccessibilityBridge) { self.bridge = bridge }
    var fileDescriptor: Int32 { bridge.fileDescriptor }
    var pollEvents: Int16 { bridge.pollEvents }
    /// Answers the calls that came, and announces at once what they changed (a focus grabbed, a value set):
    /// the loop may wait next, and no event should wait with it.
    func process() {
        bridge.process()
        bridge.update()
    }
}
