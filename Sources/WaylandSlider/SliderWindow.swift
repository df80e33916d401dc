import CGLES2
import SliderCore
import SliderRenderer
import SliderWayland

/// A Wayland window showing sliders: input from every seat goes through an `InputRouter` to the sliders,
/// and a frame is drawn only when a slider changed or animates, paced by the compositor's frame callbacks.
///
/// ```swift
/// let volume = try Slider(value: 0.5, in: 0...1, name: "volume")
/// volume.frame = Rect(x: 20, y: 20, width: 360, height: 44)
/// volume.onValueChanged = { print("volume", $0) }
/// let window = try SliderWindow(WindowConfiguration(title: "Volume", size: Size(width: 400, height: 84)), sliders: [volume])
/// try window.run()
/// ```
///
/// Run it with `run()`, or embed it in an existing poll loop: watch `fileDescriptor` for reading, wait at
/// most `timeUntilNextTimer`, and call `dispatch(timeout: 0)` when either fires. Single-threaded: use it on
/// the thread that created it (its EGL context is current there).
public final class SliderWindow: InputSink {
    public let client: WaylandClient
    public let toplevel: Toplevel
    /// Routes pointer, touch and keyboard input to the sliders (focus, grabs, one touch per thumb).
    public let router = InputRouter()
    /// Measurements of every committed frame (for benchmarks).
    public let statistics = FrameStatistics()
    /// The sliders, drawn in this order; their `frame`s are in the window's points.
    public private(set) var sliders: [Slider]
    /// The window's background (drawn behind the sliders; opaque makes the compositor skip what is beneath).
    public var background: Color { didSet { if background != oldValue { renderer.clearColor = background; fullRedraw() } } }
    /// Called when the compositor asks the window to close; `run()` returns after it.
    public var onCloseRequested: (() -> Void)?

    private let surface: EGLWindowSurface
    private let renderer: SliderRenderer
    private let retained: RetainedFramebuffer?
    private let feedback: PresentationFeedback?
    private var scene = Scene(capacity: 256)
    /// The renderer's glyph metrics, kept so the frame does not box them anew each time.
    private let textMetrics: TextMeasuring
    private var scheduler = FrameScheduler()
    private var oldestUnshownInput: Double?
    /// When the last input event arrived (presentation clock) and the router's input time then: maps the
    /// router's step-feedback deadline onto this process's clock when no further input comes.
    private var lastInputArrival = 0.0
    private var inputTimeAtLastArrival = 0.0
    private var isClosed = false

    /// Connects (WAYLAND_DISPLAY, or `socket`), creates the window and waits for its first configure.
    /// Throws `WaylandError` for no compositor, a missing global, an EGL failure or a protocol error.
    public init(_ configuration: WindowConfiguration = WindowConfiguration(), sliders: [Slider], background: Color = .white,
                socket: String? = nil) throws(WaylandError) {
        client = try WaylandClient(socket: socket)
        client.setCursor(hidden: configuration.hidesCursor)
        toplevel = try Toplevel(client: client, configuration: configuration)
        self.sliders = sliders
        self.background = background
        try client.connection.roundtrip()
        let pixels = toplevel.pixelSize
        surface = try EGLWindowSurface(connection: client.connection, surface: toplevel.surface, width: pixels.width, height: pixels.height)
        do {
            renderer = try SliderRenderer()
            retained = surface.supportsBufferAge ? nil : try RetainedFramebuffer()
        } catch {
            throw .renderer("\(error)")
        }
        renderer.clearColor = background
        textMetrics = renderer.textMetrics
        feedback = PresentationFeedback(client: client, statistics: statistics)
        for slider in sliders { router.add(slider) }
        client.inputSink = self
        client.onOutputsChanged = { [unowned self] in toplevel.updateScale() }
        toplevel.onGeometryChanged = { [unowned self] in fullRedraw() }
        toplevel.onFrameDone = { [unowned self] in scheduler.frameDone() }
        scheduler.setNeedsFrame()
        // The first configure may still be on its way; drawing waits for it either way.
        try drawIfNeeded()
        try client.connection.flush()
    }

    /// The connection's file descriptor: poll it for reading when embedding the window in another loop.
    public var fileDescriptor: Int32 { client.connection.fileDescriptor }

    /// True once the compositor asked to close or `close()` was called.
    public var isCloseRequested: Bool { isClosed || toplevel.isCloseRequested }

    /// Seconds until a timer (key repeat) fires, nil when none is pending: the longest an embedding loop
    /// may wait before calling `dispatch(timeout: 0)`.
    public var timeUntilNextTimer: Double? {
        let now = MonotonicTime.seconds(on: client.presentationClock)
        var deadline = client.nextTimerDeadline
        if let feedback = stepFeedbackDeadline { deadline = min(deadline ?? feedback, feedback) }
        return deadline.map { max(0, $0 - now) }
    }

    /// When merged step events held back by the rate budget are due, on the presentation clock.
    private var stepFeedbackDeadline: Double? {
        router.nextStepFeedbackTime.map { lastInputArrival + ($0 - inputTimeAtLastArrival) }
    }

    /// Adds a slider (drawn last, routed input).
    public func add(_ slider: Slider) {
        sliders.append(slider)
        router.add(slider)
        fullRedraw()
    }

    /// Removes a slider, cancelling any gesture on it.
    public func remove(_ slider: Slider) {
        router.remove(slider)
        sliders.removeAll { $0 === slider }
        fullRedraw()
    }

    /// True when the driver offers no buffer age (Mesa's software path on Wayland): frames are drawn into a
    /// retained framebuffer and copied to the window, and the damage is passed with wl_surface.damage_buffer.
    public var drawsThroughRetainedFramebuffer: Bool { retained != nil }

    /// True when the driver takes the damage with the swap (EGL_KHR/EXT_swap_buffers_with_damage).
    public var swapsWithDamage: Bool { surface.supportsSwapWithDamage }

    /// True while a committed frame's callback is outstanding or a change waits to be drawn.
    public var hasFrameInFlight: Bool { scheduler.isCallbackPending || (scheduler.shouldDraw && toplevel.isConfigured) }

    /// Makes `image` drawable as `SliderImage.user(id: id)` (end images, thumb images). Throws as
    /// `SliderRenderer.registerImage` does.
    public func registerImage(_ image: RGBAImage, id: UInt32) throws(WaylandError) {
        try surface.makeCurrent()
        do { try renderer.registerImage(image, id: id) } catch { throw .renderer("\(error)") }
        fullRedraw()
    }

    /// Loads a PNG and registers it as `registerImage(_:id:)` does; a missing or corrupt file is an error.
    public func registerImage(contentsOfPNG path: String, id: UInt32) throws(WaylandError) {
        try surface.makeCurrent()
        do { try renderer.registerImage(contentsOfPNG: path, id: id) } catch { throw .renderer("\(error)") }
        fullRedraw()
    }

    /// Why the window cannot draw text (no font), nil when it can.
    public var fontError: String? { renderer.fontError.map { "\($0)" } }

    /// True while a committed frame has been reported neither presented nor discarded (always false when
    /// the compositor offers no wp_presentation).
    public var awaitsPresentation: Bool {
        feedback != nil && statistics.committedCount > statistics.presentedCount + statistics.discardedCount
    }

    /// Dispatches until nothing is being drawn and every committed frame has been shown (presented or
    /// discarded), waiting at most `timeout` seconds. Returns false when the time ran out first.
    @discardableResult
    public func waitUntilShown(timeout: Double) throws(WaylandError) -> Bool {
        let deadline = MonotonicTime.seconds() + timeout
        try dispatch(timeout: 0)
        while hasFrameInFlight || awaitsPresentation {
            let left = deadline - MonotonicTime.seconds()
            guard left > 0 else { return false }
            try dispatch(timeout: min(left, 0.05))
        }
        return true
    }

    /// Asks for a new frame (after changing something the sliders do not track themselves).
    public func setNeedsDisplay() { scheduler.setNeedsFrame() }

    /// Makes the window fullscreen or not.
    public func setFullscreen(_ fullscreen: Bool) {
        toplevel.setFullscreen(fullscreen)
        _ = try? client.connection.flush()
    }

    /// Ends `run()` after the current iteration.
    public func close() { isClosed = true }

    /// Runs until the window is asked to close. Throws when the connection fails (the compositor went away:
    /// `.connectionLost`, or a `.protocolError`).
    public func run() throws(WaylandError) {
        while !isCloseRequested { try dispatch(timeout: nil) }
        onCloseRequested?()
    }

    /// One iteration: waits up to `timeout` seconds (nil: until something happens; 0: not at all) for
    /// events or a timer, delivers them to the sliders, and draws a frame if anything changed and the
    /// compositor is ready for one.
    public func dispatch(timeout: Double?) throws(WaylandError) {
        // What changed since the last call (the application set a value, replayed input) is drawn before
        // waiting: it must not wait for the compositor's next event.
        try drawIfNeeded()
        var wait = timeout
        if let timer = timeUntilNextTimer { wait = min(wait ?? timer, timer) }
        try client.connection.dispatch(timeout: wait)
        let now = MonotonicTime.seconds(on: client.presentationClock)
        client.fireTimers(now: now)
        if let due = stepFeedbackDeadline, due <= now {
            router.flushStepFeedback(at: inputTimeAtLastArrival + (now - lastInputArrival))
        }
        try drawIfNeeded()
        try client.connection.flush()
        if toplevel.isCloseRequested, !isClosed {
            isClosed = true
            onCloseRequested?()
        }
    }

    // MARK: InputSink

    public func handle(_ event: InputEvent, on surface: OpaquePointer) {
        guard surface == toplevel.surface else { return }
        let now = MonotonicTime.seconds(on: client.presentationClock)
        if oldestUnshownInput == nil { oldestUnshownInput = now }
        router.handle(event)
        lastInputArrival = now
        inputTimeAtLastArrival = router.inputTime
    }

    // MARK: Drawing

    private func fullRedraw() {
        renderer.invalidate()
        retained?.invalidate()
        toplevel.setOpaque(background.alpha >= 1)
        scheduler.setNeedsFrame()
    }

    /// Draws when something changed, the first configure has arrived and no frame callback is outstanding.
    private func drawIfNeeded() throws(WaylandError) {
        var changed = false
        for slider in sliders {
            if slider.advanceAnimations() || slider.needsDisplay { changed = true }
        }
        if changed { scheduler.setNeedsFrame() }
        guard toplevel.isConfigured, scheduler.shouldDraw else { return }
        try draw()
    }

    private func draw() throws(WaylandError) {
        let start = MonotonicTime.seconds(on: client.presentationClock)
        let pixels = toplevel.pixelSize
        try surface.makeCurrent()
        surface.resize(width: pixels.width, height: pixels.height)
        SceneBuilder.build(sliders, pixelWidth: pixels.width, pixelHeight: pixels.height, scale: toplevel.scale.factor, into: &scene,
                           textMetrics: textMetrics)
        let result: FrameResult
        do {
            if let retained {
                let age = try retained.bind(width: pixels.width, height: pixels.height)
                result = try renderer.render(scene, bufferAge: age)
                retained.didRender()
                if !result.redrawn.isEmpty { try retained.present() }
            } else {
                glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
                result = try renderer.render(scene, bufferAge: surface.bufferAge)
            }
        } catch {
            throw .renderer("\(error)")
        }
        for slider in sliders { slider.didDisplay() }
        guard !result.redrawn.isEmpty else {
            scheduler.didSkip()
            return
        }
        toplevel.applyScaleForNextCommit()
        toplevel.requestFrameCallback()
        feedback?.request(for: toplevel.surface, sequence: statistics.committedCount)
        if !surface.supportsSwapWithDamage { toplevel.damageBuffer(result.redrawn) }
        try surface.swap(damage: result.redrawn)
        scheduler.didCommit()
        let end = MonotonicTime.seconds(on: client.presentationClock)
        statistics.recordCommit(FrameStatistics.Frame(commitTime: end, inputTime: oldestUnshownInput, renderDuration: end - start,
                                                      redrawnPixels: result.redrawn.width * result.redrawn.height))
        oldestUnshownInput = nil
    }
}
