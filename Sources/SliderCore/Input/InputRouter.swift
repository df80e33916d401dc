/// Routes one surface's input to the sliders on it: hit tests, implicit grabs, touch ids, focus, wheel.
///
/// - A press goes to the slider whose hit region (44 pt around thumb and track) holds it, the nearest when
///   regions overlap; that slider keeps the pointer (or the touch id) until release or cancel, wherever it moves.
/// - Pointer events are applied per wl_pointer frame: leave, enter, motion, buttons, then axis.
/// - Each touch id belongs to one slider; a range slider takes two ids, one per thumb.
/// - The wheel moves the hovered slider only when the hover began before the current scroll sequence
///   (events less than `scrollSequenceGap` apart, or up to an axis stop), so a page scroll that passes over
///   a slider never changes it.
/// - Tab and Shift+Tab move keyboard focus (through both thumbs of a range slider); other keys go to the
///   focused slider.
/// - With `wheelTarget` `.focusedSlider` (a knob), wheel steps go to the focused slider wherever the pointer
///   is (the first enabled one is focused, its ring shown, at the first step), and Return or keypad Enter
///   moves focus to the next slider, as a knob's press does.
@_spi(Internals) public final class InputRouter {
    public private(set) var sliders: [Slider] = []
    /// The slider holding the pointer grab (pressed, not yet released).
    public private(set) var pointerGrab: Slider?
    public private(set) var hoveredSlider: Slider?
    public private(set) var focusedSlider: Slider?
    /// The pointer's position in surface points, nil when it is outside the surface.
    public private(set) var pointerLocation: Point?
    /// Seconds without axis events after which a new scroll sequence starts. Default: 0.5.
    public var scrollSequenceGap = 0.5
    /// Which slider wheel steps move: the one under the pointer (the default), or the focused one.
    public var wheelTarget = WheelTarget.hoveredSlider

    private var timeline = InputTimeline()
    private var now = 0.0
    private var frame = PointerFrame()
    private var touchIDs: [Int32] = []
    private var touchSliders: [Slider] = []
    private var hoverStart = 0.0
    private var scrollSequenceStart = -Double.infinity
    private var lastAxisTime = -Double.infinity
    private var scrollStopped = true

    public init() {
        touchIDs.reserveCapacity(16)
        touchSliders.reserveCapacity(16)
    }

    /// Adds a slider; its `frame` places it on the surface.
    public func add(_ slider: Slider) {
        guard !sliders.contains(where: { $0 === slider }) else { return }
        sliders.append(slider)
    }

    /// Removes a slider, cancelling any gesture it had.
    public func remove(_ slider: Slider) {
        slider.cancelTracking(where: { _ in true })
        sliders.removeAll { $0 === slider }
        if pointerGrab === slider { pointerGrab = nil }
        if hoveredSlider === slider { hoveredSlider = nil; slider.isHovered = false }
        if focusedSlider === slider { focus(nil) }
        for i in touchSliders.indices.reversed() where touchSliders[i] === slider {
            touchSliders.remove(at: i)
            touchIDs.remove(at: i)
        }
    }

    /// Gives keyboard focus to `slider` (nil: to none); `visible` shows its focus ring.
    public func focus(_ slider: Slider?, visible: Bool = false) {
        if let old = focusedSlider, old !== slider {
            old.cancelTracking(where: { $0 == .keyboard })
            old.isFocused = false
            old.isFocusVisible = false
            old.setNeedsDisplay()
        }
        focusedSlider = slider
        if let slider {
            if slider.isFocusVisible != visible || !slider.isFocused { slider.setNeedsDisplay() }
            slider.isFocused = true
            slider.isFocusVisible = visible
        }
    }

    /// The enabled slider whose hit region holds `point`, the nearest to its track when several do.
    public func slider(at point: Point) -> Slider? {
        var best: Slider?
        var bestDistance = Double.infinity
        for slider in sliders where slider.isEnabled && slider.hitRegionContains(point) {
            let d = slider.layout.trackRect.distance(to: point)
            if d < bestDistance { best = slider; bestDistance = d }
        }
        return best
    }

    /// Handles one event from the seat.
    /// The input clock: seconds of the last event's timestamp on the router's timeline.
    public var inputTime: Double { now }

    /// When a slider's merged step events are due on the input clock, nil when none wait. Without further
    /// input the host calls `emitDueStepEvents(at:)` then, so the last detent of a drag that stopped is
    /// not held back until the next event.
    package var nextStepEventTime: Double? {
        var due: Double?
        for slider in sliders { if let t = slider.nextStepEventTime { due = Swift.min(due ?? t, t) } }
        return due
    }

    /// Emits the merged step events due at input-clock time `time` (at least the last event's).
    package func emitDueStepEvents(at time: Double) {
        let t = Swift.max(time, now)
        for slider in sliders { slider.emitDueStepEvents(at: t) }
    }

    public func handle(_ event: InputEvent) {
        now = timeline.seconds(for: event.time)
        switch event.kind {
        case .pointerEnter(let p): frame.entered = p; frame.left = false
        case .pointerLeave: frame.left = true; frame.entered = nil
        case .pointerMotion(let p): frame.motion = p
        case .pointerButton(let button, let state): frame.addButton(button, state)
        case .pointerAxis(let axis, let value): frame.addAxis(axis, continuous: value)
        case .pointerAxisValue120(let axis, let v): frame.addAxis(axis, value120: v)
        case .pointerAxisDiscrete(let axis, let d): frame.addAxis(axis, discrete: d)
        case .pointerAxisSource(let source): frame.source = source
        case .pointerAxisStop: frame.stopped = true
        case .pointerFrame: applyPointerFrame()
        case .touchDown(let id, let p): touchDown(id, at: p)
        case .touchMotion(let id, let p): touchSlider(id)?.continueTracking(.touch(id), at: p, time: now)
        case .touchUp(let id): touchUp(id)
        case .touchFrame: emitDueStepEvents(at: now)
        case .touchCancel: cancelTouches()
        case .keyboardEnter, .keyRepeatInfo: break
        case .keyboardLeave: focusedSlider?.cancelTracking(where: { $0 == .keyboard })
        case .key(let keysym, let state, let modifiers, _): key(keysym, state, modifiers)
        }
    }

    // MARK: Pointer

    private func applyPointerFrame() {
        let f = frame
        frame = PointerFrame()
        if f.left {
            pointerLocation = nil
            // Losing the pointer mid-press means the compositor took it (a grab of its own): cancel.
            if let grab = pointerGrab {
                grab.cancelTracking(where: { $0 == .pointer })
                pointerGrab = nil
            }
            updateHover()
        }
        if let p = f.entered {
            pointerLocation = p
            updateHover()
        }
        if let p = f.motion {
            pointerLocation = p
            if let grab = pointerGrab { grab.continueTracking(.pointer, at: p, time: now) } else { updateHover() }
        }
        for i in 0..<f.buttonCount where f.buttons[i].button == PointerButton.left {
            if f.buttons[i].state == .pressed { pointerPressed() } else { pointerReleased() }
        }
        if f.hasAxis || f.stopped { axis(f) }
        emitDueStepEvents(at: now)
    }

    private func pointerPressed() {
        guard pointerGrab == nil, let p = pointerLocation, let target = slider(at: p) else { return }
        if target.beginTracking(.pointer, at: p, time: now) {
            pointerGrab = target
            if focusedSlider !== target { focus(target, visible: false) }
        }
    }

    private func pointerReleased() {
        guard let grab = pointerGrab else { return }
        pointerGrab = nil
        grab.endTracking(.pointer, time: now)
        updateHover()
    }

    private func updateHover() {
        let target = pointerGrab ?? pointerLocation.flatMap { slider(at: $0) }
        guard target !== hoveredSlider else { return }
        hoveredSlider?.isHovered = false
        hoveredSlider = target
        target?.isHovered = true
        hoverStart = now
    }

    private func axis(_ f: PointerFrame) {
        if scrollStopped || now - lastAxisTime > scrollSequenceGap { scrollSequenceStart = now }
        scrollStopped = f.stopped
        guard f.hasAxis else { return }
        lastAxisTime = now
        let slider: Slider
        switch wheelTarget {
        case .focusedSlider:
            guard pointerGrab == nil else { return }
            if focusedSlider?.isEnabled != true { moveFocus(backward: false) }
            guard let focused = focusedSlider else { return }
            if !focused.isFocusVisible { focus(focused, visible: true) }
            slider = focused
        case .hoveredSlider:
            guard pointerGrab == nil, let hovered = hoveredSlider, hovered.isEnabled, hoverStart <= scrollSequenceStart else { return }
            slider = hovered
        }
        // Scrolling up (negative) or right (positive) moves toward the maximum; right is toward the
        // minimum on a slider whose minimum is on the right.
        let flippedHorizontal = slider.orientation == .horizontal && slider.layout.isFlipped
        let notches = -f.notches(.vertical) + f.notches(.horizontal) * (flippedHorizontal ? -1 : 1)
        if notches != 0 { slider.scroll(notches: notches, time: now) }
    }

    // MARK: Touch

    private func touchSlider(_ id: Int32) -> Slider? {
        guard let i = touchIDs.firstIndex(of: id) else { return nil }
        return touchSliders[i]
    }

    private func touchDown(_ id: Int32, at p: Point) {
        guard touchSlider(id) == nil, let target = slider(at: p), target.beginTracking(.touch(id), at: p, time: now) else { return }
        touchIDs.append(id)
        touchSliders.append(target)
    }

    private func touchUp(_ id: Int32) {
        guard let i = touchIDs.firstIndex(of: id) else { return }
        let target = touchSliders[i]
        touchIDs.remove(at: i)
        touchSliders.remove(at: i)
        target.endTracking(.touch(id), time: now)
    }

    private func cancelTouches() {
        for slider in touchSliders { slider.cancelTracking(where: { $0.isTouch }) }
        touchIDs.removeAll(keepingCapacity: true)
        touchSliders.removeAll(keepingCapacity: true)
    }

    // MARK: Keyboard

    private func key(_ keysym: UInt32, _ state: KeyState, _ modifiers: Modifiers) {
        if (keysym == Keysym.tab || keysym == Keysym.isoLeftTab) && state != .released {
            moveFocus(backward: keysym == Keysym.isoLeftTab || modifiers.contains(.shift))
            return
        }
        if wheelTarget == .focusedSlider && (keysym == Keysym.returnKey || keysym == Keysym.keypadEnter) {
            if state == .pressed { moveFocus(backward: false) }
            return
        }
        focusedSlider?.handleKey(keysym, state: state, modifiers: modifiers, time: now)
    }

    /// Moves focus to the next (or previous) thumb of an enabled slider, wrapping around.
    private func moveFocus(backward: Bool) {
        let stops = sliders.reduce(0) { $0 + ($1.isEnabled ? $1.model.thumbCount : 0) }
        guard stops > 0 else { return }
        var index = -1
        var k = 0
        for slider in sliders where slider.isEnabled {
            if slider === focusedSlider { index = k + slider.focusedThumb }
            k += slider.model.thumbCount
        }
        let next = index < 0 ? (backward ? stops - 1 : 0) : (index + (backward ? stops - 1 : 1)) % stops
        k = 0
        for slider in sliders where slider.isEnabled {
            if next < k + slider.model.thumbCount {
                focus(slider, visible: true)
                slider.focusedThumb = next - k
                slider.setNeedsDisplay()
                return
            }
            k += slider.model.thumbCount
        }
    }
}

/// Which slider the wheel moves (`InputRouter.wheelTarget`, a window's `WindowConfiguration.wheelTarget`).
public enum WheelTarget: Sendable, Equatable {
    /// The slider under the pointer, when the pointer came to it before the scroll began (a desktop).
    case hoveredSlider
    /// The focused slider, wherever the pointer is: a rotary encoder (Linux's rotary-encoder driver sends
    /// REL_WHEEL or REL_DIAL, which the compositor passes on as wheel steps) on a panel with no pointer.
    case focusedSlider
}
