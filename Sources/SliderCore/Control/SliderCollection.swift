/// The sliders one surface shows, in drawing order, with the router their input goes through and the
/// clock that times their held-back step events: what a window's or subsurface's frame loop and a canvas
/// share. Times are seconds on the host's process clock (`now`), input times the compositor's.
package final class SliderCollection {
    /// Routes pointer, touch and keyboard input to the sliders (focus, grabs, one touch per thumb).
    package let router = InputRouter()
    /// The sliders, drawn in this order; their `frame`s are in the surface's points.
    package private(set) var sliders: [Slider] = []
    /// Device pixels per point of the surface the sliders are drawn on; every slider gets it.
    package var scale = 1.0 {
        didSet { for slider in sliders { slider.scale = scale } }
    }
    private var inputClock = InputClock()

    package init(_ sliders: [Slider] = []) {
        for slider in sliders { add(slider) }
    }

    /// Adds a slider (drawn last, routed input); false when it is already here.
    @discardableResult
    package func add(_ slider: Slider) -> Bool {
        guard !sliders.contains(where: { $0 === slider }) else { return false }
        slider.scale = scale
        sliders.append(slider)
        router.add(slider)
        return true
    }

    /// Removes a slider, cancelling any gesture on it; false when it was not here.
    @discardableResult
    package func remove(_ slider: Slider) -> Bool {
        guard sliders.contains(where: { $0 === slider }) else { return false }
        router.remove(slider)
        sliders.removeAll { $0 === slider }
        return true
    }

    /// Routes one event that arrived at `now`.
    package func handle(_ event: InputEvent, arrivedAt now: Double) {
        router.handle(event)
        inputClock.recordArrival(at: now, inputTime: router.inputTime)
    }

    /// When held-back step events are due, on the process clock; nil when none wait.
    package var nextStepEventDeadline: Double? { inputClock.deadline(of: router.nextStepEventTime) }

    /// Emits the held-back step events due at `now` (process clock).
    package func emitDueStepEvents(at now: Double) {
        guard let due = nextStepEventDeadline, due <= now else { return }
        router.emitDueStepEvents(at: inputClock.inputTime(at: now))
    }

    /// True when a slider changed or animates since the last frame. A query: it changes nothing.
    package var needsDisplay: Bool { sliders.contains { $0.needsDisplay || $0.isAnimating } }

    /// Before a frame: advances every slider's animations. Returns true when a slider changed or animates.
    package func prepareFrame() -> Bool {
        var changed = false
        for slider in sliders where slider.advanceAnimations() || slider.needsDisplay { changed = true }
        return changed
    }

    /// After a frame: every slider's current state has been drawn.
    package func didDisplay() {
        for slider in sliders { slider.didDisplay() }
    }
}
