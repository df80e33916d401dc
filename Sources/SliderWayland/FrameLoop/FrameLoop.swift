@_spi(Internals) import SliderCore
@_spi(Internals) import SliderRenderer

/// The frame loop of one surface showing sliders: input for the surface arrives here (`receive`), goes
/// through the sliders' router, and a frame is drawn only when a slider changed or animates, paced by the
/// compositor's frame callbacks and timed by its presentation feedback (`FrameDeadline`): scene → renderer →
/// presenter → the one commit step (`commit`).
///
/// One path, one direction: listener → device → `InputDelivery` → `receive` → router → sliders; then
/// `drawIfNeeded` → `SceneBuilder` → `SliderRenderer` → presenter (a buffer) → `commit`. Replayed input
/// enters at `replay(_:nextEventTime:)`, replayed keys through a keyboard of this loop's own.
/// Single-threaded: use it on the thread that dispatches its connection.
package final class FrameLoop: InputReceiver {
    /// The sliders, the router their input goes through, and their held-back step events.
    package let sliders: SliderCollection
    /// Measurements of every committed frame; nil unless asked for (`measuresFrames`).
    package let statistics: FrameStatistics?
    /// The background (drawn behind the sliders; opaque makes the compositor skip what is beneath).
    package var background: Color {
        didSet {
            guard background != oldValue else { return }
            renderer.clearColor = background
            role.backgroundChanged(background)
            fullRedraw()
        }
    }
    /// Called with every input event the compositor sent to this surface, before it is routed (for
    /// recording); key repeats and replayed events are not reported.
    package var onInput: ((InputEvent) -> Void)?
    /// Called with the new size in points when the compositor resizes the surface, before the frame at the
    /// new size is built.
    package var onSizeChanged: ((Size) -> Void)?
    /// The size in points, as last reported to `onSizeChanged`.
    package private(set) var size: Size
    /// Frames committed so far.
    package private(set) var committedFrames = 0
    /// Commits that carried only a target time (commit timing), sent because a timed frame stayed unapplied
    /// well after its time (`nudgeTimedCommit`).
    package private(set) var nudgedCommits = 0
    /// Called with each presentation feedback answer and the request it answers, before the deadline learns
    /// from it (tests see what it learns from).
    package var onPresentationAnswer: ((PresentationFeedback.Request, PresentationFeedback.Answer) -> Void)?
    /// When the last commit (of a frame or of the role's state alone) began, on the presentation clock (`now`).
    package private(set) var lastCommitTime: Double?
    /// What paces the frames: the pacing asked for where the compositor offers it, else frame callbacks.
    package let pacing: FramePacing

    // Released in declaration order: GL objects while the context exists, then EGL, then the surface and
    // the connection they live on.
    private let renderer: SceneRenderer
    private let presenter: FramePresenter
    /// wp_presentation feedback for every frame, where the compositor offers it (the deadline learns from it).
    private let feedback: PresentationFeedback?
    /// Times each frame's drawing on the GPU while frames are measured (a GPU driver with timer queries).
    private let gpuTimer: GPUFrameTimer?
    /// When to draw so a frame makes the compositor's next repaint as late as it can.
    private var deadline = FrameDeadline()
    /// When a frame whose scene came out unchanged while a slider animates is tried again (an animation
    /// whose first steps round to the same pixels, a value snapped to its step: no commit, so no frame
    /// callback would wake the loop); nil when none waits.
    private var animationRetry: Double?
    /// When the next frame is to be drawn and the refresh it is for (`FrameDeadline.schedule`), kept from
    /// the moment it is planned until it is drawn; nil when none is planned.
    private var plannedFrame: (drawAt: Double, target: Double)?
    /// The surface's wp_fifo_v1 or wp_commit_timer_v1 (nil with frame callbacks); goes before the surface.
    private let surfacePacing: SurfacePacing?
    /// With commit timing, when to look whether the compositor has applied the last timed frame (its frame
    /// callback came) and how long the wait before that look was; nil once it has. A timed frame not applied
    /// well after its time is nudged (`nudgeTimedCommit`).
    private var timedFrameCheck: (at: Double, wait: Double)?
    /// Replays recorded keys with xkbcommon's default keymap and repeats held ones; made on first use.
    private var replayKeyboard: KeyboardDevice?
    /// The time of the next event a replay will feed: the replay keyboard's clock repeats stop at it.
    private var replayHorizon: UInt32?
    package let role: SurfaceRole
    package let client: WaylandClient
    private var scene = Scene(capacity: 256)
    /// The renderer's glyph metrics, kept so the frame does not box them anew each time.
    private let textMetrics: TextMeasuring
    private var scheduler = FrameScheduler()
    private var oldestUnshownInput: Double?
    /// The role has state that waits for a commit of the surface (libdecor's decorations).
    private var needsCommit = false
    /// True until the first frame is committed (the start-up timeline records its steps).
    private var isFirstFrame = true

    /// Attaches a frame loop to `role`'s surface on `client`: its presenter and renderer are made, input on
    /// the surface is delivered here, and the first frame is drawn once the role is configured.
    /// `presentation` and `rendererKind` nil choose automatically (see `PresenterChoice`); `measuresFrames` keeps
    /// statistics and asks for presentation feedback; `pacing` is what decides when a frame may be drawn.
    package init(client: WaylandClient, role: SurfaceRole, sliders: [Slider], background: Color,
                 presentation: PresentationPath? = nil, renderer rendererKind: RendererKind? = nil, measuresFrames: Bool = false,
                 pacing: FramePacing = .deadline) throws(WaylandError) {
        self.client = client
        self.role = role
        self.sliders = SliderCollection(sliders)
        self.background = background
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
        if measuresFrames {
            let statistics = FrameStatistics()
            statistics.presentationPath = presenter.path
            statistics.renderer = presenter.rendererKind
            statistics.pacing = self.pacing
            gpuTimer = presenter.rendererKind == .gles ? GPUFrameTimer() : nil
            statistics.measuresGPUTime = gpuTimer != nil
            self.statistics = statistics
        } else {
            statistics = nil
            gpuTimer = nil
        }
        feedback = PresentationFeedback(client: client)
        self.sliders.scale = role.scale.factor
        client.input.setReceiver(self, for: role.inputSurface.proxy)
        client.eventLoop.add(self)
        role.onGeometryChanged = { [unowned self] in geometryChanged() }
        role.onNeedsCommit = { [unowned self] in needsCommit = true }
        role.surface.onScaleChanged = { [unowned self] in geometryChanged() }
        role.surface.onFrameDone = { [unowned self] in
            feedback?.frameDone(at: client.globals.now)
            timedFrameCheck = nil
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

    // MARK: Input

    /// An event a device translated for this surface. `recorded` events are reported to `onInput` first.
    func receive(_ event: InputEvent, recorded: Bool, preciseTime: Double?) {
        if recorded { onInput?(event) }
        let now = client.globals.now
        if oldestUnshownInput == nil { oldestUnshownInput = now }
        if recorded {
            statistics?.recordInput(at: client.globals.presentationTime(ofEventTime: event.time, precisely: preciseTime, receivedAt: now), arrivedAt: now)
        } else {
            statistics?.recordInput(at: now)
        }
        sliders.handle(event, arrivedAt: now)
    }

    /// Feeds a recorded event through the same path as the compositor's (not reported to `onInput`). A key
    /// that names no keysym is looked up by its evdev code in xkbcommon's default keymap, and held keys
    /// repeat; a key before any keyboard_enter enters first. Returns false for a key event when no keymap
    /// could be compiled.
    ///
    /// A replayed key's repeats follow the script's timeline: those timed at or before an event are
    /// delivered before it, and `nextEventTime` (the time of the event the player feeds next, when known)
    /// holds back the clock's repeats after that time, so a player that falls behind its script repeats a
    /// key no longer than the script held it.
    @discardableResult
    package func replay(_ event: InputEvent, nextEventTime: UInt32? = nil) -> Bool {
        replayKeyboard?.fireRepeats(upTo: event.time)
        defer { replayHorizon = nextEventTime }
        switch event.kind {
        case .keyboardEnter, .keyboardLeave, .keyRepeatInfo, .key: return replayKey(event)
        default:
            receive(event, recorded: false, preciseTime: nil)
            return true
        }
    }

    private func replayKey(_ event: InputEvent) -> Bool {
        if replayKeyboard == nil {
            guard let keymap = Keymap() else { return false }
            replayKeyboard = KeyboardDevice(proxy: nil, delivery: client.input, keymap: keymap)
        }
        guard let keyboard = replayKeyboard else { return false }
        let surface = role.inputSurface.proxy
        switch event.kind {
        case .keyboardEnter: keyboard.enter(surface)
        case .keyboardLeave: keyboard.leave()
        case .keyRepeatInfo(let rate, let delay): keyboard.configureRepeat(rate: rate, delay: delay)
        case .key(let keysym, let state, let modifiers, let code):
            // A script that starts typing without a keyboard_enter types into the window anyway.
            if keyboard.focus == nil { keyboard.enter(surface) }
            guard state != .repeated else { return true }
            keyboard.key(time: event.time, code: code, pressed: state == .pressed, keysym: keysym,
                         modifiers: keysym == Keysym.none && modifiers.isEmpty ? nil : modifiers)
        default: return false
        }
        return true
    }

    // MARK: Timers

    /// Now on the clock frame statistics, input arrival and presentation times use (seconds).
    package var now: Double { client.globals.now }

    /// When the frame planned for the compositor's deadline is to be drawn (presentation clock); nil when none
    /// is planned.
    package var plannedDrawTime: Double? { plannedFrame?.drawAt }

    /// When this loop's next timer is due (a replayed key's repeat, held-back step events), on the
    /// presentation clock; nil when none is pending.
    var nextTimerDeadline: Double? {
        // Called every dispatch: the earliest of five optionals, without an array.
        func earlier(_ a: Double?, _ b: Double?) -> Double? { guard let a, let b else { return a ?? b }; return min(a, b) }
        let draw = scheduler.shouldDraw ? plannedFrame?.drawAt : nil
        return earlier(earlier(earlier(sliders.nextStepEventDeadline, replayKeyboard?.nextDeadline(upTo: replayHorizon)), earlier(draw, animationRetry)),
                       timedFrameCheck?.at)
    }

    /// Fires the timers due at `now` (presentation clock).
    func fireTimers(now: Double) {
        if let retry = animationRetry, now >= retry {
            animationRetry = nil
            scheduler.setNeedsFrame()
        }
        replayKeyboard?.fireRepeats(now: now, upTo: replayHorizon)
        sliders.emitDueStepEvents(at: now)
    }

    // MARK: Frames

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

    /// True while a committed frame's callback is outstanding, a change waits to be drawn, or the first
    /// configure (and so the first frame) has not come yet.
    package var hasFrameInFlight: Bool { !role.isConfigured || scheduler.isCallbackPending || scheduler.shouldDraw }

    /// True while a committed frame has been reported neither presented nor discarded (always false unless
    /// frames are measured and the compositor offers wp_presentation).
    package var awaitsPresentation: Bool {
        guard feedback != nil, let statistics else { return false }
        return statistics.committedCount > statistics.presentedCount + statistics.discardedCount
    }

    /// What the frame deadline learned from presentation feedback: seconds before a refresh a commit must
    /// reach the compositor (nil until known).
    package var learnedLead: Double? { deadline.lead }

    /// The lead the compositor's frame callbacks show it needs, where they agree (`FrameDeadline.callbackLead`).
    package var callbackLead: Double? { deadline.callbackLead }

    /// The refresh interval the frame deadline works to, in seconds: the presentation feedback's, or the
    /// output mode's where the feedback gives none (wlroots' headless output); nil until a frame was presented.
    package var deadlineRefresh: Double? { deadline.refresh }

    /// Asks for a new frame (after changing something the sliders do not track themselves).
    package func setNeedsDisplay() { scheduler.setNeedsFrame() }

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
        if let check = timedFrameCheck, client.globals.now >= check.at { try nudgeTimedCommit(after: check.wait) }
        if scheduler.shouldDraw {
            let now = client.globals.now
            // Only a frame that shows input waits for the deadline (the input coalesced until then); a change
            // of the application's or an animation's is drawn at once, as frame callbacks pace it: waiting
            // shows nothing newer, and an output that stops repainting while nothing changes (weston's) moves
            // its refreshes to the next commit, so a frame that waits per callback misses every third one.
            if plannedFrame == nil, pacing == .deadline, oldestUnshownInput != nil { plannedFrame = deadline.schedule(now: now) }
            // The window's loop waits to the microsecond (ppoll) and an application's poll loop for
            // `timeUntilNextTimer` rounded up to its millisecond: a deadline is met when it has come, not when
            // the loop wakes for something else shortly before. Met up to a millisecond early, as it was, a
            // frame left out what arrived in that millisecond, which then waited a whole refresh: on sway at
            // 60 Hz 4 of 1476 input events reached the window in the last millisecond before a frame (92
            // would at random times), and each waited 0.7 ms longer for its frame on the median.
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
        onPresentationAnswer?(request, answer)
        switch answer {
        case .presented(let time, let refresh):
            // The mode's refresh only where the feedback gives none (the outputs are looked up per call).
            let mode = refresh > 0 ? nil : role.surface.outputs.lazy.map(\.refreshMillihertz).first { $0 > 0 }.map { 1000 / Double($0) }
            deadline.presented(commit: request.commitTime, target: request.target, at: time, refresh: refresh, modeRefresh: mode,
                               frameDone: request.frameDoneTime)
            if let sequence = request.sequence { statistics?.presented(sequence, at: time, refresh: refresh) }
        case .discarded:
            if let sequence = request.sequence { statistics?.discarded(sequence) }
        }
    }

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
        let result: FrameResult
        do {
            gpuTimer?.begin()
            defer { gpuTimer?.end() }
            result = try presenter.render(scene)
        }
        if let gpuTimer { statistics?.recordGPUDurations(gpuTimer.collect()) }
        if isFirstFrame { client.startup.mark("first frame drawn") }
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
        if isFirstFrame {
            client.startup.mark("first frame committed")
            isFirstFrame = false
        }
        scheduler.didCommit(waitsForCallback: surfacePacing == nil)
        committedFrames += 1
        let end = client.globals.now
        feedback?.committed(at: end)
        deadline.committed(target: target, duration: end - start)
        statistics?.recordCommit(FrameStatistics.Frame(commitTime: end, inputTime: oldestUnshownInput, renderDuration: end - start,
                                                       redrawnPixels: result.redrawn.width * result.redrawn.height))
        oldestUnshownInput = nil
    }

    /// The one commit step. For a frame: the role's state (the window geometry; a covered area's window
    /// surface), the buffer scale or viewport, a frame callback, presentation feedback, then the buffer
    /// (attach and damage, or the EGL swap) and the commit. Without a new buffer (`.unchanged`): only the
    /// role's waiting state, so nothing double-buffered is applied to the buffer already shown.
    private func commit(_ content: SurfaceContent, target: Double? = nil) throws(WaylandError) {
        defer { needsCommit = false }
        lastCommitTime = client.globals.now
        if case .unchanged = content {
            try role.commitWaitingState()
            return
        }
        role.prepareCommit()
        role.surface.applyScale(size: role.size)
        role.surface.requestFrameCallback()
        let now = client.globals.now
        let refresh = deadline.refresh ?? 1.0 / 60
        if let timed = surfacePacing?.prepareFrameCommit(now: now, refresh: refresh) {
            let wait = Self.refreshesBeforeNudge * refresh
            timedFrameCheck = (timed + wait, wait)
        }
        feedback?.request(.init(sequence: statistics?.nextSequence, commitTime: now, target: target), for: role.surface.proxy)
        try role.surface.commit(content)
    }

    /// Refreshes after its target time that a timed frame may go unapplied before it is nudged.
    private static let refreshesBeforeNudge = 4.0
    /// The longest wait between nudges while the frame stays unapplied (each wait twice the last).
    private static let longestNudgeWait = 1.0

    /// Commits the surface with only a target time that has come. mutter 48 can leave a timed commit
    /// unapplied for good: its frame clock drops the commit's time once a frame is predicted to be presented
    /// after it, and the frame that then runs may target an earlier time; with nothing else to repaint, no
    /// later frame comes. The window waits for that commit's buffers (wl_shm) or frame callback, so it would
    /// stop drawing. A later timed commit gives mutter a time again, and the repaint it runs applies every
    /// commit before it. The next look comes after twice `lastWait` (at most `longestNudgeWait`).
    private func nudgeTimedCommit(after lastWait: Double) throws(WaylandError) {
        guard let surfacePacing else { return }
        let now = client.globals.now
        let wait = min(2 * lastWait, Self.longestNudgeWait)
        timedFrameCheck = (now + wait, wait)
        surfacePacing.prepareNudge(now: now)
        lastCommitTime = now
        try role.surface.commit(.unchanged)
        nudgedCommits += 1
    }
}

