import SliderCore
import SliderRenderer

/// The frame loop of one wl_surface showing sliders: input from the seat arrives here (`receive`), goes
/// through an `InputRouter` to the sliders, and a frame is drawn only when a slider changed or animates,
/// paced by the compositor's frame callbacks: scene → renderer → presenter → commit.
///
/// One path, one direction: listener → device → `WaylandClient.deliver` → `receive` → router → sliders;
/// then `drawIfNeeded` → `SceneBuilder` → `SliderRenderer` → `EGLPresenter` → wl_surface.commit.
/// Single-threaded: use it on the thread that dispatches its connection (its EGL context is current there).
public final class SliderSurface {
    /// Routes pointer, touch and keyboard input to the sliders (focus, grabs, one touch per thumb).
    public let router = InputRouter()
    /// Measurements of every committed frame (for benchmarks).
    public let statistics = FrameStatistics()
    /// The sliders, drawn in this order; their `frame`s are in the surface's points.
    public private(set) var sliders: [Slider]
    /// The background (drawn behind the sliders; opaque makes the compositor skip what is beneath).
    public var background: Color { didSet { if background != oldValue { renderer.clearColor = background; fullRedraw() } } }
    /// Called with every input event the compositor sent to this surface, before it is routed (for
    /// recording); key repeats and replayed events are not reported.
    public var onInput: ((InputEvent) -> Void)?
    /// Called with the new size in points when the compositor resizes the surface (a tiling compositor, a
    /// kiosk's fullscreen, the user), before the frame at the new size is built: lay the sliders out here.
    public var onSizeChanged: ((Size) -> Void)?
    /// The size in points, as last reported to `onSizeChanged`.
    public private(set) var size: Size

    // Released in declaration order: GL objects while the context exists, then EGL, then the surface and
    // the connection they live on.
    private let renderer: SliderRenderer
    private let presenter: FramePresenter
    private let feedback: PresentationFeedback?
    package let role: SurfaceRole
    package let client: WaylandClient
    private var scene = Scene(capacity: 256)
    /// The renderer's glyph metrics, kept so the frame does not box them anew each time.
    private let textMetrics: TextMeasuring
    private var scheduler = FrameScheduler()
    private var oldestUnshownInput: Double?
    /// Maps the router's step-feedback deadline onto the presentation clock when no further input comes.
    private var inputClock = InputClock()
    /// True until the first frame is committed (the start-up timeline records its steps).
    private var isFirstFrame = true

    /// Attaches a frame loop to `role`'s surface on `client`: its EGL surface and renderer are made, input
    /// on the surface is delivered here, and the first frame is drawn once the role is configured.
    /// `presentation` nil chooses the path automatically (see `PresentationPath`).
    package init(client: WaylandClient, role: SurfaceRole, sliders: [Slider], background: Color,
                 presentation: PresentationPath? = nil) throws(WaylandError) {
        self.client = client
        self.role = role
        self.sliders = sliders
        self.background = background
        size = role.size
        let pixels = role.pixelSize
        // The surface, renderer and retained framebuffer are made in our context; a host's is current again after.
        let hostBinding = client.connection.isBorrowed ? EGLBinding.current() : nil
        defer { hostBinding?.restore() }
        presenter = try client.makePresenter(for: role.surface, width: pixels.width, height: pixels.height, requested: presentation)
        client.startup.mark("EGL and presenter ready")
        do {
            renderer = try SliderRenderer()
        } catch {
            throw .renderer("\(error)")
        }
        client.startup.mark("shader compiled")
        renderer.clearColor = background
        textMetrics = renderer.textMetrics
        feedback = PresentationFeedback(client: client, statistics: statistics)
        statistics.presentationPath = presenter.path
        for slider in sliders {
            slider.scale = role.scale.factor
            router.add(slider)
        }
        client.attach(self, to: role.surface)
        role.onGeometryChanged = { [unowned self] in geometryChanged() }
        role.onFrameDone = { [unowned self] in scheduler.frameDone() }
        scheduler.setNeedsFrame()
    }

    deinit {
        client.attach(nil, to: role.surface)
        role.onGeometryChanged = nil
        role.onFrameDone = nil
    }

    // MARK: Sliders

    /// Adds a slider (drawn last, routed input).
    public func add(_ slider: Slider) {
        slider.scale = role.scale.factor
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

    /// Makes `image` drawable as `SliderImage.user(id: id)` (end images, thumb images). Throws as
    /// `SliderRenderer.registerImage` does.
    public func registerImage(_ image: RGBAImage, id: UInt32) throws(WaylandError) {
        let hostBinding = savedHostBinding()
        defer { hostBinding?.restore() }
        try makeCurrent()
        do { try renderer.registerImage(image, id: id) } catch { throw .renderer("\(error)") }
        fullRedraw()
    }

    /// Loads a PNG and registers it as `registerImage(_:id:)` does; a missing or corrupt file is an error.
    public func registerImage(contentsOfPNG path: String, id: UInt32) throws(WaylandError) {
        let hostBinding = savedHostBinding()
        defer { hostBinding?.restore() }
        try makeCurrent()
        do { try renderer.registerImage(contentsOfPNG: path, id: id) } catch { throw .renderer("\(error)") }
        fullRedraw()
    }

    /// Makes the presenter current at the surface's present size.
    private func makeCurrent() throws(WaylandError) {
        let pixels = role.pixelSize
        try presenter.makeCurrent(width: pixels.width, height: pixels.height)
    }

    /// On a host's connection, the EGL binding current before ours is made current, to restore after.
    private func savedHostBinding() -> EGLBinding? { client.connection.isBorrowed ? EGLBinding.current() : nil }

    /// Why the surface cannot draw text (no font), nil when it can.
    public var fontError: String? { renderer.fontError.map { "\($0)" } }

    // MARK: Input

    /// An event the seat translated for this surface. `recorded` events are reported to `onInput` first.
    func receive(_ event: InputEvent, recorded: Bool) {
        if recorded { onInput?(event) }
        let now = currentTime
        if oldestUnshownInput == nil { oldestUnshownInput = now }
        router.handle(event)
        inputClock.recordArrival(at: now, inputTime: router.inputTime)
    }

    /// Feeds a recorded event through the same path as the compositor's (not reported to `onInput`). A key
    /// that names no keysym is looked up by its evdev code in xkbcommon's default keymap, and held keys
    /// repeat; a key before any keyboard_enter enters first. Returns false for a key event when no keymap
    /// could be compiled.
    @discardableResult
    public func replay(_ event: InputEvent) -> Bool {
        switch event.kind {
        case .keyboardEnter, .keyboardLeave, .key: return client.replayKey(event, on: role.surface)
        default:
            receive(event, recorded: false)
            return true
        }
    }

    /// Now on the clock frame statistics and presentation times use (seconds).
    public var currentTime: Double { MonotonicTime.seconds(on: client.presentationClock) }

    /// When merged step events held back by the rate budget are due, on the presentation clock.
    var stepFeedbackDeadline: Double? { inputClock.deadline(of: router.nextStepFeedbackTime) }

    /// Emits the merged step events that are due at `now` (presentation clock).
    func fireTimers(now: Double) { router.fireStepFeedback(dueAt: now, on: inputClock) }

    // MARK: Frames

    /// How frames reach the compositor: an EGL window surface, or wl_shm buffers of ours when rendering is
    /// in software (chosen from the GL driver; `WAYLAND_SLIDER_PRESENTATION=egl|shm` overrides).
    public var presentationPath: PresentationPath { presenter.path }

    /// True when frames are drawn into a retained framebuffer first: on the shared-memory path, and on an EGL
    /// window without buffer age (Mesa's software path), where it is copied to the window.
    public var drawsThroughRetainedFramebuffer: Bool { presenter.drawsThroughRetainedFramebuffer }

    /// True when the driver takes the damage with the swap (EGL_KHR/EXT_swap_buffers_with_damage).
    public var swapsWithDamage: Bool { presenter.swapsWithDamage }

    /// True while a committed frame's callback is outstanding, a change waits to be drawn, or the first
    /// configure (and so the first frame) has not come yet.
    public var hasFrameInFlight: Bool { !role.isConfigured || scheduler.isCallbackPending || scheduler.shouldDraw }

    /// True while a committed frame has been reported neither presented nor discarded (always false when
    /// the compositor offers no wp_presentation).
    public var awaitsPresentation: Bool {
        feedback != nil && statistics.committedCount > statistics.presentedCount + statistics.discardedCount
    }

    /// Asks for a new frame (after changing something the sliders do not track themselves).
    public func setNeedsDisplay() { scheduler.setNeedsFrame() }

    private func geometryChanged() {
        for slider in sliders { slider.scale = role.scale.factor }
        if role.size != size {
            size = role.size
            onSizeChanged?(size)
        }
        fullRedraw()
    }

    private func fullRedraw() {
        renderer.invalidate()
        presenter.invalidate()
        role.setOpaque(background.alpha >= 1)
        scheduler.setNeedsFrame()
    }

    /// Draws when something changed, the role is configured and no frame callback is outstanding.
    func drawIfNeeded() throws(WaylandError) {
        var changed = false
        for slider in sliders {
            if slider.advanceAnimations() || slider.needsDisplay { changed = true }
        }
        if changed { scheduler.setNeedsFrame() }
        guard role.isConfigured, scheduler.shouldDraw else { return }
        try draw()
    }

    private func draw() throws(WaylandError) {
        let start = currentTime
        let pixels = role.pixelSize
        // Current before the scene is built: measuring text may add glyphs to the renderer's atlas, and
        // another context (an offscreen render) may have been made current since the last frame. In a host's
        // process, the host's context is current again afterwards.
        let hostBinding = savedHostBinding()
        defer { hostBinding?.restore() }
        try presenter.makeCurrent(width: pixels.width, height: pixels.height)
        SceneBuilder.build(sliders, pixelWidth: pixels.width, pixelHeight: pixels.height, scale: role.scale.factor, into: &scene,
                           textMetrics: textMetrics)
        let result = try presenter.render(scene, with: renderer)
        if isFirstFrame { client.startup.mark("first frame drawn") }
        for slider in sliders { slider.didDisplay() }
        guard !result.redrawn.isEmpty else {
            scheduler.didSkip()
            return
        }
        role.applyScaleForNextCommit()
        role.requestFrameCallback()
        feedback?.request(for: role.surface, sequence: statistics.committedCount)
        try presenter.present(damage: result.redrawn, on: role)
        if isFirstFrame {
            client.startup.mark("first frame committed")
            isFirstFrame = false
        }
        scheduler.didCommit()
        let end = currentTime
        statistics.recordCommit(FrameStatistics.Frame(commitTime: end, inputTime: oldestUnshownInput, renderDuration: end - start,
                                                      redrawnPixels: result.redrawn.width * result.redrawn.height))
        oldestUnshownInput = nil
    }
}
