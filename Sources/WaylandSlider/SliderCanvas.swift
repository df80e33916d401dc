import SliderCore
@_spi(Internals) import SliderRenderer
import SliderWayland

/// Sliders drawn into a host program's own GL scene: the host owns the window, the EGL context and the
/// event loop, draws its frame, and calls `draw(over:viewport:scale:)` where the sliders belong (libmpv's
/// render API embeds the same way). Input comes from the host as `InputEvent`s in the canvas's points
/// (`handle(_:)`); the host redraws when `needsDisplay` is true or `onNeedsDisplay` is called.
///
/// Create it, draw with it and release it with the same GLES2 (or GLES3) context current: its shaders,
/// buffers and atlas live in that context, and are deleted there when it is released. Each draw puts back
/// the GL state it changes (the list is in the "Embedding" article). Single-threaded.
public final class SliderCanvas {
    /// Called when something changed that the next frame must show: input moved a slider, an animation
    /// runs. Not called for changes the application makes itself (`value = ...`): check `needsDisplay`.
    public var onNeedsDisplay: (() -> Void)?

    private let collection = SliderCollection()
    private var hapticsState = HapticsState()
    /// Released first in deinit (its GL objects in the host's context), before the freed memory goes back.
    private var renderer: SliderRenderer!

    /// Compiles the shaders in the current context. Throws `RendererError.noCurrentContext` when none is
    /// current, or the renderer's own error.
    public init(sliders: [Slider] = [], fontPattern: String = "sans-serif") throws(RendererError) {
        renderer = try SliderRenderer(fontPattern: fontPattern)
        for slider in sliders { collection.add(slider) }
    }

    deinit {
        renderer = nil
        FreedMemory.returnToSystem()
    }

    /// The sliders, drawn in this order; their `frame`s are in the canvas's points, (0, 0) at the top-left
    /// corner of the viewport the host draws them into.
    public var sliders: [Slider] { collection.sliders }

    /// Adds a slider (drawn last, routed input).
    public func add(_ slider: Slider) {
        if collection.add(slider) { onNeedsDisplay?() }
        hapticsState.added(slider)
    }

    /// Removes a slider, cancelling any gesture on it.
    public func remove(_ slider: Slider) {
        if collection.remove(slider) { onNeedsDisplay?() }
        hapticsState.removed(slider)
    }

    /// The haptics asked for with `setHaptics`, nil when off (the default).
    public var haptics: HapticsConfiguration? { hapticsState.configuration }
    /// What plays the pulses, nil when nothing does.
    public var hapticsDevice: HapticsDevice? { hapticsState.device }

    /// Plays the sliders' step and limit events on the device's vibration motor (nil: off), as
    /// `SliderSurface.setHaptics(_:appID:)` does.
    public func setHaptics(_ configuration: HapticsConfiguration?, appID: String) throws(HapticsError) {
        try hapticsState.set(configuration, appID: appID, sliders: sliders)
    }

    /// Makes `image` drawable as `SliderImage.user(id: id)`; the canvas's context must be current.
    public func registerImage(_ image: RGBAImage, id: UInt32) throws(RendererError) {
        try renderer.registerImage(image, id: id)
        onNeedsDisplay?()
    }

    /// True when a slider changed, animates or waits to be drawn for the first time. A query: reading it
    /// changes nothing.
    public var needsDisplay: Bool { collection.needsDisplay }

    /// Routes an input event from the host (positions in the canvas's points; times in milliseconds as the
    /// compositor stamps them), and calls `onNeedsDisplay` when a slider changed.
    public func handle(_ event: InputEvent) {
        collection.handle(event, arrivedAt: MonotonicTime.seconds())
        if needsDisplay { onNeedsDisplay?() }
    }

    /// Seconds until held-back step events are due (CLOCK_MONOTONIC), nil when none are: the host calls
    /// `fireTimers()` then.
    public var timeUntilNextTimer: Double? {
        collection.nextStepEventDeadline.map { max(0, $0 - MonotonicTime.seconds()) }
    }

    /// Emits the held-back step events that are due now.
    public func fireTimers() { collection.emitDueStepEvents(at: MonotonicTime.seconds()) }

    /// Draws every slider over `framebuffer` (0: the current window's), in `viewport` (device pixels, as
    /// `glViewport` takes it: x and y of its bottom-left corner from the framebuffer's bottom-left), at
    /// `scale` device pixels per point. Nothing is cleared: the host's scene stays beneath. Calls
    /// `onNeedsDisplay` after the draw while an animation runs. Throws `RendererError` for a context that is
    /// not the canvas's, a viewport outside the GL limits, a scale that is not finite and positive, or a GL
    /// error.
    public func draw(over framebuffer: UInt32 = 0, viewport: PixelRect, scale: Double = 1) throws(RendererError) {
        guard scale.isFinite, scale > 0, scale <= 16 else { throw .invalidScale(scale) }
        guard viewport.width > 0, viewport.height > 0 else { throw .invalidTargetSize(width: viewport.width, height: viewport.height) }
        collection.scale = scale
        _ = collection.prepareFrame()
        try renderer.draw(collection.sliders, over: framebuffer, viewport: viewport, scale: scale)
        collection.didDisplay()
        if collection.sliders.contains(where: \.isAnimating) { onNeedsDisplay?() }
    }
}
