import SliderCore
import SliderRenderer
import SliderWayland

/// Sliders drawn into a host program's own GL scene: the host owns the window, the EGL context and the
/// event loop, draws its frame, and calls `draw(over:viewport:scale:)` where the sliders belong (libmpv's
/// render API embeds the same way). Input comes from the host as `InputEvent`s in the canvas's points
/// (`handle(_:)`); the host redraws when `needsDisplay` is true or `onNeedsDisplay` is called.
///
/// Create it, draw with it and release it with the same GLES2 (or GLES3) context current: its shaders,
/// buffers and atlas live in that context. Each draw puts back the GL state it changes (the list is in the
/// "Embedding" article). Single-threaded.
public final class SliderCanvas {
    /// Routes pointer, touch and keyboard input to the sliders (focus, grabs, one touch per thumb).
    public let router = InputRouter()
    /// The sliders, drawn in this order; their `frame`s are in the canvas's points, (0, 0) at the top-left
    /// corner of the viewport the host draws them into.
    public private(set) var sliders: [Slider]
    /// Called when something changed that the next frame must show: input moved a slider, an animation
    /// runs. Not called for changes the application makes itself (`value = ...`): check `needsDisplay`.
    public var onNeedsDisplay: (() -> Void)?

    private let renderer: SliderRenderer
    private var inputClock = InputClock()

    /// Compiles the shaders in the current context. Throws `RendererError.noCurrentContext` when none is
    /// current, or the renderer's own error.
    public init(sliders: [Slider] = [], fontPattern: String = "sans-serif") throws(RendererError) {
        renderer = try SliderRenderer(fontPattern: fontPattern)
        self.sliders = []
        for slider in sliders { add(slider) }
    }

    /// Adds a slider (drawn last, routed input).
    public func add(_ slider: Slider) {
        sliders.append(slider)
        router.add(slider)
        onNeedsDisplay?()
    }

    /// Removes a slider, cancelling any gesture on it.
    public func remove(_ slider: Slider) {
        router.remove(slider)
        sliders.removeAll { $0 === slider }
        onNeedsDisplay?()
    }

    /// Makes `image` drawable as `SliderImage.user(id: id)`; the canvas's context must be current.
    public func registerImage(_ image: RGBAImage, id: UInt32) throws(RendererError) {
        try renderer.registerImage(image, id: id)
        onNeedsDisplay?()
    }

    /// True when a slider changed, animates or waits to be drawn for the first time.
    public var needsDisplay: Bool {
        var changed = false
        for slider in sliders where slider.advanceAnimations() || slider.needsDisplay { changed = true }
        return changed
    }

    /// Routes an input event from the host (positions in the canvas's points; times in milliseconds as the
    /// compositor stamps them), and calls `onNeedsDisplay` when a slider changed.
    public func handle(_ event: InputEvent) {
        router.handle(event)
        inputClock.recordArrival(at: MonotonicTime.seconds(), inputTime: router.inputTime)
        if needsDisplay { onNeedsDisplay?() }
    }

    /// Seconds until held-back step events are due (CLOCK_MONOTONIC), nil when none are: the host calls
    /// `fireTimers()` then.
    public var timeUntilNextTimer: Double? {
        inputClock.deadline(of: router.nextStepFeedbackTime).map { max(0, $0 - MonotonicTime.seconds()) }
    }

    /// Emits the held-back step events that are due now.
    public func fireTimers() { router.fireStepFeedback(dueAt: MonotonicTime.seconds(), on: inputClock) }

    /// Draws every slider over `framebuffer` (0: the current window's), in `viewport` (device pixels, as
    /// `glViewport` takes it: x and y of its bottom-left corner from the framebuffer's bottom-left), at
    /// `scale` device pixels per point. Nothing is cleared: the host's scene stays beneath. Calls
    /// `onNeedsDisplay` after the draw while an animation runs. Throws `RendererError` for a context that is
    /// not the canvas's, a viewport outside the GL limits, a scale that is not finite and positive, or a GL
    /// error.
    public func draw(over framebuffer: UInt32 = 0, viewport: PixelRect, scale: Double = 1) throws(RendererError) {
        guard scale.isFinite, scale > 0, scale <= 16 else { throw .invalidScale(scale) }
        guard viewport.width > 0, viewport.height > 0 else { throw .invalidTargetSize(width: viewport.width, height: viewport.height) }
        for slider in sliders {
            slider.scale = scale
            _ = slider.advanceAnimations()
        }
        try renderer.draw(sliders, over: framebuffer, viewport: viewport, scale: scale)
        var animating = false
        for slider in sliders {
            slider.didDisplay()
            if slider.isAnimating { animating = true }
        }
        if animating { onNeedsDisplay?() }
    }
}
