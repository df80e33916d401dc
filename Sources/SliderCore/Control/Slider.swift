/// A slider control: one thumb (`Slider()`) or two (`Slider(isRange: true)`), UISlider's API on Linux.
///
/// Values follow `SliderModel`'s rules: out-of-bounds values pin to the nearest bound, NaN and infinities
/// are refused. A setting that can be refused has one way to be set: a throwing method (`setValue(_:animated:)`,
/// `setBounds(minimum:maximum:)`, `setStepping(_:)`, `setValueScale(_:)`, `setAnchorValue(_:)`,
/// `setMinimumSeparation(_:)`, `setKeyboardStep(_:)`, `setPageStep(_:)`, `setStepFeedback(_:)`) that reports a
/// `SliderError` and changes nothing when it throws; its property only reads. Values set by code report no
/// events, as in UIKit.
///
/// Not thread-safe: use a slider from one thread (the one dispatching its surface's Wayland events).
public final class Slider {
    /// The value model; read-only here, change it through the slider so events and redraws follow.
    package internal(set) var model: SliderModel

    /// A name for logs and event streams ("volume"); not shown.
    public var name: String

    /// What a screen reader calls the slider ("Volume"), as UIKit's `accessibilityLabel`; nil reads `name`.
    /// Also the text of the label `showsLabel` draws.
    public var accessibilityLabel: String? { didSet { if showsLabel && accessibilityLabel != oldValue { setNeedsDisplay() } } }
    /// Draws `accessibilityLabel` (else `name`) as a label before the track (above a vertical slider), in
    /// the style's image colour: what a screen reader reads is what is shown. Default: false.
    public var showsLabel = false { didSet { if showsLabel != oldValue { invalidateLayout() } } }
    /// A longer description for assistive technologies, nil for none.
    public var accessibilityHint: String?
    /// Values marked under the track (beside a vertical one) with their text, as the formatter writes them (a
    /// fader's -60, -20, 0 dB); values outside the range are not drawn. Default: none.
    public var marks: [Double] = [] { didSet { if marks != oldValue { setNeedsDisplay() } } }
    /// A colour filling the slider's frame (corners rounded by 8 points) behind its track and label, as a
    /// view's `backgroundColor`; nil (the default): none, what the slider is drawn over shows.
    public var backgroundColor: Color? { didSet { if backgroundColor != oldValue { setNeedsDisplay() } } }

    /// The clock animations run on.
    package let clock: AnimationClock

    // MARK: Behaviour

    /// When false, `onValueChanged` fires only when a gesture ends (UISlider's `isContinuous`). Default: true.
    public var isContinuous = true
    /// The shortest time between two `onValueChanged` during a gesture (seconds; 0: every change). The final
    /// value is always delivered at the end. Protects a slow backend from a flood of updates. A negative or
    /// non-finite interval is taken as 0.
    public var valueChangeInterval = 0.0 {
        didSet { if !(valueChangeInterval.isFinite && valueChangeInterval >= 0) { valueChangeInterval = 0 } }
    }
    /// A disabled slider ignores input and draws with its disabled colours.
    public var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled { cancelTracking(where: { _ in true }) }
            setNeedsDisplay()
        }
    }
    /// Turns animations off: `setValue(_:animated: true)` and snaps jump at once.
    public var reducesMotion = false
    /// How presses and drags are interpreted.
    public var tracking = TrackingConfiguration()
    /// Where step feedback fires (default: the step grid); set with `setStepFeedback(_:)`.
    public var stepFeedback: StepFeedbackConfiguration { stepFeedbackConfiguration }
    var stepFeedbackConfiguration = StepFeedbackConfiguration()
    var feedback = StepFeedback()

    // MARK: Geometry and look

    /// Where the slider sits in its surface, in points.
    public var frame = Rect.zero { didSet { if frame != oldValue { invalidateLayout() } } }
    /// Device pixels per point of the surface the slider is on (1, 1.25, 1.5, 2 ...). Non-positive or
    /// non-finite values are ignored.
    package var scale = 1.0 {
        didSet { if !(scale.isFinite && scale > 0) { scale = oldValue } else if scale != oldValue { invalidateLayout() } }
    }
    public var orientation = Orientation.horizontal { didSet { if orientation != oldValue { invalidateLayout() } } }
    public var layoutDirection = LayoutDirection.leftToRight { didSet { if layoutDirection != oldValue { invalidateLayout() } } }
    /// Puts the minimum at the other end (GTK's `inverted`); how an inverted range is expressed.
    public var isInverted = false { didSet { if isInverted != oldValue { invalidateLayout() } } }
    public var style = SliderStyle.iOS() { didSet { if style != oldValue { invalidateLayout() } } }
    public var minimumValueImage: SliderImage? { didSet { if (minimumValueImage == nil) != (oldValue == nil) { invalidateLayout() } else if minimumValueImage != oldValue { setNeedsDisplay() } } }
    public var maximumValueImage: SliderImage? { didSet { if (maximumValueImage == nil) != (oldValue == nil) { invalidateLayout() } else if maximumValueImage != oldValue { setNeedsDisplay() } } }
    /// Formats values for accessibility and labels; a change is drawn with the next frame.
    public var formatter = ValueFormatter() { didSet { setNeedsDisplay() } }

    private var cachedLayout: SliderLayout?
    /// A non-linear scale's tick values and what they were found for (`forEachTick(in:_:)`).
    var roundTicks: (key: TickKey, values: [Double])?

    /// The geometry of the slider for its frame, style and direction at its `scale`; computed once per change.
    public var layout: SliderLayout {
        if let cachedLayout { return cachedLayout }
        let l = makeLayout(scale: scale)
        cachedLayout = l
        return l
    }

    /// The geometry snapped to the pixels of a target at `scale` (the cached `layout` when that is the
    /// slider's own scale; computed, not cached, otherwise, e.g. an offscreen render at another scale).
    package func layout(atScale scale: Double) -> SliderLayout {
        scale == self.scale || !(scale.isFinite && scale > 0) ? layout : makeLayout(scale: scale)
    }

    private func makeLayout(scale: Double) -> SliderLayout {
        SliderLayout(bounds: frame, metrics: style.metrics, orientation: orientation, layoutDirection: layoutDirection, isInverted: isInverted,
                     hasMinimumImage: minimumValueImage != nil, hasMaximumImage: maximumValueImage != nil, hasLabel: showsLabel, scale: scale)
    }

    // MARK: State

    /// True while a gesture (pointer, touch or keyboard) is editing the value: UIControl's `isTracking`.
    public var isTracking: Bool { engine.isTracking || session.keyboardKeysym != nil }
    /// True when the slider has keyboard focus.
    public internal(set) var isFocused = false
    /// True when focus came from the keyboard, so the focus ring shows (CSS's :focus-visible).
    package internal(set) var isFocusVisible = false
    /// True while the pointer is over the slider's hit region.
    public internal(set) var isHovered = false
    /// The thumb keyboard input moves (0, or 1 for the upper thumb of a range slider).
    public internal(set) var focusedThumb = 0
    /// True when something visible changed since `didDisplay()`.
    package private(set) var needsDisplay = true
    /// The current fine-scrubbing rate: 1 at normal speed, less while scrubbing finely.
    package var scrubbingRate: Double { engine.scrubbingRate }

    /// The state colours are taken from: disabled, highlighted (tracking), focused, or normal.
    public var state: ControlState {
        if !isEnabled { return .disabled }
        if isTracking { return .highlighted }
        if isFocused { return .focused }
        return .normal
    }

    var engine = TrackingEngine()
    /// Who is editing, the values at the start, and the reports made and held back.
    var session = EditingSession()
    var wheelRemainder = 0.0
    /// The keyboard and page steps set, nil for the automatic ones.
    var keyboardStepSetting: Double?
    var pageStepSetting: Double?
    var animations = ThumbPair<ValueAnimation?>(repeating: nil)
    var popupFades = ThumbPair(repeating: PopupFade())

    // MARK: Events

    /// Every event, in order (`SliderEvent`): for the event lines, logs and tests; applications use the
    /// typed callbacks below.
    @_spi(Internals) public var onEvent: ((SliderEvent) -> Void)?
    /// The value of the thumb that changed (UIControl's `.valueChanged`).
    public var onValueChanged: ((Double) -> Void)?
    /// `true` when a gesture begins editing, `false` when it ends or is cancelled (SwiftUI's `onEditingChanged`).
    public var onEditingChanged: ((Bool) -> Void)?
    /// A gesture was cancelled and the value restored to the value at press.
    public var onCancel: (() -> Void)?
    /// A step boundary was crossed: play a light haptic or a click here.
    public var onStep: ((StepEvent) -> Void)?
    /// The thumb hit an end of the track.
    public var onLimit: ((LimitEvent) -> Void)?
    /// Step and limit events for the surface the slider is on (its haptics), beside the application's callbacks.
    package var onFeedback: ((SliderEvent) -> Void)?

    // MARK: Init

    /// A slider from 0 to 1; `isRange` gives two thumbs at 0 and 1.
    public init(isRange: Bool = false, name: String = "", clock: AnimationClock = SystemClock()) {
        model = SliderModel(isRange: isRange)
        self.name = name
        self.clock = clock
        resyncFeedback()
    }

    /// A single-thumb slider over `bounds` at `value`, optionally stepped. Throws for non-finite numbers,
    /// or a step that is not positive.
    public convenience init(value: Double, in bounds: ClosedRange<Double>, step: Double? = nil, name: String = "",
                            clock: AnimationClock = SystemClock()) throws(SliderError) {
        self.init(name: name, clock: clock)
        try setBounds(minimum: bounds.lowerBound, maximum: bounds.upperBound)
        if let step { try setStepping(.size(step)) }
        try setValue(value, animated: false)
    }

    func emit(_ event: SliderEvent) {
        onEvent?(event)
        switch event {
        case .valueChanged(_, let value): onValueChanged?(value)
        case .editingChanged(let editing): onEditingChanged?(editing)
        case .cancelled: onCancel?()
        case .step(let step): onFeedback?(event); onStep?(step)
        case .limit(let limit): onFeedback?(event); onLimit?(limit)
        case .scrubbingRateChanged: break
        }
    }

    // MARK: Invalidation

    /// Marks the slider as needing a new frame.
    package func setNeedsDisplay() { needsDisplay = true }

    /// Tells the slider its current state has been drawn.
    package func didDisplay() { needsDisplay = false }

    func invalidateLayout() {
        cachedLayout = nil
        setNeedsDisplay()
    }

    func resyncFeedback() {
        do {
            try feedback.configure(stepFeedbackConfiguration, model: model)
        } catch {
            // The stored configuration was validated when set; a bounds change cannot make it invalid.
            stepFeedbackConfiguration.boundaries = .steps
            try? feedback.configure(stepFeedbackConfiguration, model: model)
        }
        for thumb in 0..<model.thumbCount { feedback.sync(thumb: thumb, value: model.value(ofThumb: thumb)) }
    }

    /// Sets where step feedback fires. Throws for non-finite detents or a non-positive interval.
    public func setStepFeedback(_ configuration: StepFeedbackConfiguration) throws(SliderError) {
        var candidate = StepFeedback()
        try candidate.configure(configuration, model: model)
        stepFeedbackConfiguration = configuration
        resyncFeedback()
    }
}
