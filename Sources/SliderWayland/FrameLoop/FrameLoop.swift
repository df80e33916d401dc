@_spi(Internals) import SliderCore
@_spi(Internals) import SliderRenderer

/// The frame loop of one surface showing sliders, in four steps:
/// - **receive**: input for the surface arrives (`receive`) and goes through the sliders' router;
/// - **schedule**: a frame is wanted only when a slider changed or animates; it waits for the compositor's
///   frame callback and, when it shows input, for the time `FrameDeadline` learned from presentation feedback
///   (`drawIfNeeded`);
/// - **draw**: scene → renderer → presenter (a buffer) (`draw`);
/// - **commit**: the one commit step (`commit`).
///
/// Measurements are an observer's (`FrameObserver`), told of each step where one is attached; recorded input is
/// replayed through `InputReplay`. Single-threaded: use it on the thread that dispatches its connection.
package final class FrameLoop: InputReceiver, TimedEventSource {
    /// The sliders, the router their input goes through, and their held-back step events.
    package let sliders: SliderCollection
    /// The background (drawn behind the sliders; opaque makes the compositor skip what is beneath).
    package var background: Color {
        didSet {
            guard background != oldValue else { return }
            renderer.clearColor = background
            role.backgroundChanged(shownBackground)
            fullRedraw()
        }
    }
    /// The surface's own brightness, 0 to 1 (non-finite: 1): all it shows multiplied by it, through a black
    /// layer of `1 - brightness` over the scene (and the background outside it darkened to match).
    package var brightness = 1.0 {
        didSet {
            brightness = brightness.isFinite ? Swift.min(Swift.max(brightness, 0), 1) : 1
            guard brightness != oldValue else { return }
            role.backgroundChanged(shownBackground)
            fullRedraw()
        }
    }
    /// false: input events are reported to `onInput` and go no further (no slider sees them).
    package var acceptsInput = true
    /// The background as shown at `brightness`.
    private var shownBackground: Color {
        Color(red: background.red * brightness, green: background.green * brightness, blue: background.blue * brightness, alpha: background.alpha)
    }
    /// Called with every input event the compositor sent to this surface, before it is routed (for
    /// recording); key repeats and replayed events are not reported.
    package var onInput: ((InputEvent) -> Void)?
    /// Called with the new size in points when the compositor resizes the surface, before the frame at the
    /// new size is built.
    package var onSizeChanged: ((Size) -> Void)?
    /// The size in points, as last reported to `onSizeChanged`.
    package private(set) var size: Size
    /// What paces the frames: the pacing asked for where the compositor offers it, else frame callbacks.
    package let pacing: FramePacing
    /// What measures the frames, nil when nothing does.
    package let observer: FrameObserver?
    package let role: SurfaceRole
    package let client: WaylandClient

    // Released in declaration order: GL objects while the context exists, then EGL, then the surface and
    // the connection they live on.
    private let renderer: SceneRenderer
    private let presenter: FramePresenter
    /// wp_presentation feedback for every frame, where the compositor offers it (the deadline learns from it).
    private let feedback: PresentationFeedback?
    /// The surface's wp_fifo_v1 or wp_commit_timer_v1 (nil with frame callbacks); goes before the surface.
    private let surfacePacing: SurfacePacing?
    /// When to draw so a frame makes the compositor's next repaint as late as it can.
    private var deadline = FrameDeadline()
    private var scheduler = FrameScheduler()
    /// When the next frame is to be drawn and the refresh it is for (`FrameDeadline.schedule`), kept from
    /// the moment it is planned until it is drawn; nil when none is planned.
    private var plannedFrame: (drawAt: Double, target: Double)?
    /// When a frame whose scene came out unchanged while a slider animates is tried again (an animation
    /// whose first steps round to the same pixels, a value snapped to its step: no commit, so no frame
    /// callback would wake the loop); nil when none waits.
    private var animationRetry: Double?
    /// When the oldest input not yet drawn arrived; nil when every input was drawn.
    private var oldestUnshownInput: Double?
    /// The role has state that waits for a commit of the surface (libdecor's decorations).
    private var needsCommit = false
    private var scene = Scene(capacity: 256)
    /// The renderer's glyph metrics, kept so the frame does not box them anew each time.
    private let textMetrics: TextMeasuring

    /// Attaches a frame loop to `role`'s surface on `client`: its presenter and renderer are made, input on
    /// the surface is delivered here, and the first frame is drawn once the role is configured.
    /// `presentation` and `rendererKind` nil choose automatically (see `PresenterChoice`); `pacing` is what
    /// decides when a frame may be drawn; `observer` measures the frames.
    package init(client: WaylandClient, role: SurfaceRole, sliders: [Slider], background: Color,
                 presentation: PresentationPath? = nil, renderer rendererKind: RendererKind? = nil, pacing: FramePacing = .deadline,
                 observer: FrameObserver? = nil) throws(WaylandError) {
        self.client = client
        self.role = role
        self.sliders = SliderCollection(sliders)
        self.background = background
        self.observer = observer
        size = role.layoutSize
        let pixels = role.pixelSize
        // The surface, renderer and retained framebuffer are made in our context; a host's is current again after.
        let hostBinding = client.connection.isBorrowed ? EGLBinding.current() : nil
        defer { hostBinding?.restore() }
        presenter = try PresenterChoice.presenter(for: role.surface, on: client, width: pixels.width, height: pixels.height, requested: presentation,
                                                  renderer: rendererKind)
        client.startup.mark("presenter ready")
        renderer = try presenter.makeRenderer()
        client.startup.mark("renderer ready")
        renderer.clearColor = background
        role.backgroundChanged(background)
        textMetrics = renderer.textMetrics
        surfacePacing = SurfacePacing(pacing.available(offersFifo: client.globals.fifoManager != nil,
                                                       offersCommitTiming: client.globals.commitTimingManager != nil),
                                      surface: role.surface, globals: client.globals)
        self.pacing = surfacePacing?.pacing ?? (pacing == .deadline ? .deadline : .frameCallbacks)
        observer?.attached(presentation: presenter.path, renderer: presenter.rendererKind, pacing: self.pacing)
        feedback = PresentationFeedback(client: client)
        self.sliders.scale = role.scale.factor
        client.input.setReceiver(self, for: role.inputSurface.proxy)
        client.eventLoop.add(self)
        role.onGeometryChanged = { [unowned self] in geometryChanged() }
        role.onNeedsCommit = { [unowned self] in needsCommit = true }
        role.surface.onScaleChanged = { [unowned self] in geometryChanged() }
        role.surface.onFrameDone = { [unowned self] in
            feedback?.frameDone(at: client.globals.now)
            surfacePacing?.frameApplied()
            scheduler.frameDone()
        }
        presenter.onBufferReleased = { [unowned self] in scheduler.setNeedsFrame() }
        feedback?.onAnswer = { [unowned self] request, answer in presentationAnswered(request, answer) }
        scheduler.setNeedsFrame()
    }

    deinit {
        role.onGeometryChanged = nil
        role.onNeedsCommit = nil
        role.surface.onScaleChanged = nil
        role.surface.onFrameDone = nil
    }

    // MARK: Sliders

    /// Adds a slider (drawn last, routed input).
    package func add(_ slider: Slider) {
        if sliders.add(slider) { fullRedraw() }
    }

    /// Removes a slider, cancelling any gesture on it.
    package func remove(_ slider: Slider) {
        if sliders.remove(slider) { fullRedraw() }
    }

    /// Makes `image` drawable as `SliderImage.user(id: id)` (end images, thumb images). Throws as
    /// `SliderRenderer.registerImage` does.
    package func registerImage(_ image: RGBAImage, id: UInt32) throws(WaylandError) {
        try inContext { () throws(RendererError) in try renderer.registerImage(image, id: id) }
    }

    /// Loads a PNG and registers it as `registerImage(_:id:)` does; a missing or corrupt file is an error.
    package func registerImage(contentsOfPNG path: String, id: UInt32) throws(WaylandError) {
        try inContext { () throws(RendererError) in try renderer.registerImage(contentsOfPNG: path, id: id) }
    }

    /// Runs `body` with the presenter's context current (a host's is current again after), then redraws.
    private func inContext(_ body: () throws(RendererError) -> Void) throws(WaylandError) {
        let hostBinding = savedHostBinding()
        defer { hostBinding?.restore() }
        let pixels = role.pixelSize
        try presenter.makeCurrent(width: pixels.width, height: pixels.height)
        do throws(RendererError) { try body() } catch { throw .renderer(error) }
        fullRedraw()
    }

    /// On a host's connection, the EGL binding current before ours is made current, to restore after.
    private func savedHostBinding() -> EGLBinding? { client.connection.isBorrowed ? EGLBinding.current() : nil }

    /// Why the surface cannot draw text (no font), nil when it can.
    package var fontError: String? { renderer.fontError.map { "\($0)" } }

    // MARK: Receive

    /// An event a device translated for this surface, or a replayed one. `recorded` events came from the
    /// compositor and are reported to `onInput` first.
    func receive(_ event: InputEvent, recorded: Bool, preciseTime: Double?) {
        if recorded { onInput?(event) }
        let now = client.globals.now
        if oldestUnshownInput == nil { oldestUnshownInput = now }
        if let observer {
            let time = recorded ? client.globals.presentationTime(ofEventTime: event.time, precisely: preciseTime, receivedAt: now) : nil
            observer.inputReceived(happenedAt: time, arrivedAt: now)
        }
        guard acceptsInput else { return }
        sliders.handle(event, arrivedAt: now)
    }

    // MARK: Schedule

    /// Now on the clock input arrival, commits and presentation times use (seconds).
    package var now: Double { client.globals.now }

    /// When the frame planned for the compositor's deadline is to be drawn (presentation clock); nil when none
    /// is planned.
    package var plannedDrawTime: Double? { plannedFrame?.drawAt }

    /// When this loop's next timer is due (held-back step events, a planned frame, an animation's retry, a
    /// timed frame's check), on the presentation clock; nil when none is pending.
    var nextTimerDeadline: Double? {
        // Called every dispatch: the earliest of four optionals, without an array.
        func earlier(_ a: Double?, _ b: Double?) -> Double? { guard let a, let b else { return a ?? b }; return min(a, b) }
        let draw = scheduler.shouldDraw ? plannedFrame?.drawAt : nil
        return earlier(earlier(sliders.nextStepEventDeadline, surfacePacing?.nextCheck), earlier(draw, animationRetry))
    }

    /// Fires the timers due at `now` (presentation clock).
    func fireTimers(now: Double) {
        if let retry = animationRetry, now >= retry {
            animationRetry = nil
            scheduler.setNeedsFrame()
        }
        sliders.emitDueStepEvents(at: now)
    }

    /// Asks for a new frame (after changing something the sliders do not track themselves).
    package func setNeedsDisplay() { scheduler.setNeedsFrame() }

    /// True while a committed frame's callback is outstanding, a change waits to be drawn, or the first
    /// configure (and so the first frame) has not come yet.
    package var hasFrameInFlight: Bool { !role.isConfigured || scheduler.isCallbackPending || scheduler.shouldDraw }

    /// True while the observer waits for a committed frame's presentation feedback (never without an observer,
    /// or where the compositor offers no wp_presentation).
    package var awaitsPresentation: Bool { feedback != nil && observer?.awaitsPresentation == true }

    /// Frames committed so far (buffers given to the compositor).
    package var committedFrames: Int { role.surface.committedFrames }

    /// What the frame deadline learned from presentation feedback: seconds before a refresh a commit must
    /// reach the compositor (nil until known).
    package var learnedLead: Double? { deadline.lead }

    /// The lead the compositor's frame callbacks show it needs, where they agree (`FrameDeadline.callbackLead`).
    package var callbackLead: Double? { deadline.callbackLead }

    /// The refresh interval the frame deadline works to, in seconds: the presentation feedback's, or the
    /// output mode's where the feedback gives none (wlroots' headless output); nil until a frame was presented.
    package var deadlineRefresh: Double? { deadline.refresh }

    private func geometryChanged() {
        sliders.scale = role.scale.factor
        if role.layoutSize != size {
            size = role.layoutSize
            onSizeChanged?(size)
        }
        invalidateSurface()
        // The frame that shows a new size or state does not wait for the outstanding frame callback: a
        // compositor may answer that only once it has a commit of the new state (sway holds a new
        // fullscreen window's until its 200 ms transaction timeout). Its own callback replaces the old.
        scheduler.setNeedsFrameWithoutWaiting()
    }

    private func fullRedraw() {
        invalidateSurface()
        scheduler.setNeedsFrame()
    }

    /// The whole surface is drawn again with the next frame.
    private func invalidateSurface() {
        renderer.invalidate()
        presenter.invalidate()
        role.surface.setOpaqueRegion(background.alpha >= 1 ? role.size : nil)
    }

    /// Draws when something changed, the role is configured, no frame callback is outstanding, the frame's
    /// deadline has come (`FrameDeadline`: at once when the compositor's refresh cycle is not running) and
    /// the presenter has a buffer to give; else commits the role's waiting state, if any.
    func drawIfNeeded() throws(WaylandError) {
        let isAnimating = sliders.prepareFrame()
        if isAnimating { scheduler.setNeedsFrame() }
        guard role.isConfigured else { return }
        if try surfacePacing?.nudgeIfUnapplied(now: client.globals.now) == true { observer?.timedCommitNudged(at: client.globals.now) }
        if scheduler.shouldDraw {
            let now = client.globals.now
            // Only a frame that shows input waits for the deadline (the input coalesced until then); a change
            // of the application's or an animation's is drawn at once, as frame callbacks pace it: waiting
            // shows nothing newer, and an output that stops repainting while nothing changes (weston's) moves
            // its refreshes to the next commit, so a frame that waits per callback misses every third one.
            if plannedFrame == nil, pacing == .deadline, oldestUnshownInput != nil { plannedFrame = deadline.schedule(now: now) }
            // A deadline is met when it has come, not when the loop wakes for something else shortly before:
            // the loop waits to the microsecond (ppoll), an application's poll loop to its millisecond rounded
            // up, and a frame drawn early leaves out what arrives before the compositor's latch, which then
            // waits a whole refresh.
            if let plannedFrame, plannedFrame.drawAt > now + 0.000_05 { return }
            // A frame drawn well after its time (the loop was busy elsewhere) keeps its target but teaches
            // nothing about the compositor's deadline.
            let plan = plannedFrame
            plannedFrame = nil
            try draw(target: plan?.target, learns: plan.map { now < $0.drawAt + 0.002 } ?? false, isAnimating: isAnimating)
        } else if needsCommit, role.surface.hasBuffer {
            try commit(.unchanged)
        }
    }

    private func presentationAnswered(_ request: PresentationFeedback.Request, _ answer: PresentationFeedback.Answer) {
        observer?.presentationAnswered(request, answer)
        guard case .presented(let time, let refresh) = answer else { return }
        // The mode's refresh only where the feedback gives none (the outputs are looked up per call).
        let mode = refresh > 0 ? nil : role.surface.outputs.lazy.map(\.refreshMillihertz).first { $0 > 0 }.map { 1000 / Double($0) }
        deadline.presented(commit: request.commitTime, target: request.target, at: time, refresh: refresh, modeRefresh: mode,
                           frameDone: request.frameDoneTime)
    }

    // MARK: Draw

    /// How frames reach the compositor: an EGL window surface, or wl_shm buffers of ours when rendering is
    /// in software.
    package var presentationPath: PresentationPath { presenter.path }

    /// What draws the frames: the GLES2 renderer or the CPU renderer.
    package var rendererKind: RendererKind { presenter.rendererKind }

    /// True when frames are drawn into a retained framebuffer first: on the shared-memory path, and on an EGL
    /// window without buffer age (Mesa's software path), where it is copied to the window.
    package var drawsThroughRetainedFramebuffer: Bool { presenter.drawsThroughRetainedFramebuffer }

    /// True when the driver takes the damage with the swap (EGL_KHR/EXT_swap_buffers_with_damage).
    package var swapsWithDamage: Bool { presenter.swapsWithDamage }

    /// Draws the frame for the refresh at `target` (nil: no deadline known); `learns`: its presentation
    /// tells `FrameDeadline` about the compositor's deadline; `isAnimating`: a slider said before this frame
    /// that it animates.
    private func draw(target: Double?, learns: Bool, isAnimating: Bool) throws(WaylandError) {
        var pixels = role.pixelSize
        // Every buffer is the compositor's: the frame waits for one to come back (`onBufferReleased`).
        guard presenter.canPresent(width: pixels.width, height: pixels.height) else { return }
        let start = client.globals.now
        // Current before the scene is built: measuring text may add glyphs to the renderer's atlas, and
        // another context (an offscreen render) may have been made current since the last frame. In a host's
        // process, the host's context is current again afterwards.
        let hostBinding = savedHostBinding()
        defer { hostBinding?.restore() }
        try presenter.makeCurrent(width: pixels.width, height: pixels.height)
        let scale = role.scale.factor
        let layoutPixels = role.layoutPixelSize
        SceneBuilder.build(sliders.sliders, pixelWidth: layoutPixels.width, pixelHeight: layoutPixels.height, scale: scale, into: &scene,
                           textMetrics: textMetrics, background: background)
        if brightness < 1 {
            scene.append(Primitive(kind: .roundedRect, rect: Rect(x: 0, y: 0, width: Double(layoutPixels.width), height: Double(layoutPixels.height)),
                                   fillColor: Color.black.withAlpha(multipliedBy: 1 - brightness)))
        }
        // Only a role showing part of the layout looks at what the frame draws (the bounds are a pass over the scene).
        if role.cover(scene.drawnBounds.map { SceneBuilder.reach(of: sliders.sliders, around: $0.scaled(by: 1 / scale)) }) {
            invalidateSurface()
            pixels = role.pixelSize
            guard presenter.canPresent(width: pixels.width, height: pixels.height) else { return }
            try presenter.makeCurrent(width: pixels.width, height: pixels.height)
        }
        if role.origin != Point(x: 0, y: 0) || pixels != layoutPixels {
            scene.crop(x: (role.origin.x * scale).rounded(), y: (role.origin.y * scale).rounded(), pixelWidth: pixels.width, pixelHeight: pixels.height)
        }
        observer?.frameWillDraw()
        let result = try presenter.render(scene)
        observer?.frameDidDraw()
        sliders.didDisplay()
        guard !result.redrawn.isEmpty else {
            scheduler.didSkip()
            // Nothing is committed, so no frame callback comes: an animation that drew nothing new this time
            // is looked at again a refresh later.
            if isAnimating { animationRetry = client.globals.now + (deadline.refresh ?? 1.0 / 60) }
            if needsCommit, role.surface.hasBuffer { try commit(.unchanged) }
            return
        }
        animationRetry = nil
        try commit(presenter.content(damage: result.redrawn), target: learns ? target : nil)
        scheduler.didCommit(waitsForCallback: surfacePacing == nil)
        let end = client.globals.now
        feedback?.committed(at: end)
        deadline.committed(target: target, duration: end - start)
        observer?.frameCommitted(FrameCommit(commitTime: end, inputTime: oldestUnshownInput, renderDuration: end - start,
                                             redrawnPixels: result.redrawn.width * result.redrawn.height))
        oldestUnshownInput = nil
    }

    // MARK: Commit

    /// The one commit step. For a frame: the role's state (the window geometry; a covered area's window
    /// surface), the buffer scale or viewport, a frame callback, the pacing's state, presentation feedback,
    /// then the buffer (attach and damage, or the EGL swap) and the commit. Without a new buffer
    /// (`.unchanged`): only the role's waiting state, so nothing double-buffered is applied to the buffer
    /// already shown.
    private func commit(_ content: SurfaceContent, target: Double? = nil) throws(WaylandError) {
        defer { needsCommit = false }
        if case .unchanged = content {
            try role.commitWaitingState()
            return
        }
        role.prepareCommit()
        role.surface.applyScale(size: role.size)
        role.surface.requestFrameCallback()
        let now = client.globals.now
        surfacePacing?.prepareFrameCommit(now: now, refresh: deadline.refresh ?? 1.0 / 60)
        feedback?.request(.init(commitTime: now, target: target), for: role.surface.proxy)
        try role.surface.commit(content)
    }
}
