/// The value popup: a bubble above the thumb showing the formatted value while the thumb is dragged
/// (Material's discrete value label; the write-up in seeds/ for the rules). Sizes in points.
public struct ValuePopupStyle: Equatable, Sendable {
    /// Show the popup while a gesture that began on a thumb is held.
    public var isEnabled: Bool
    /// With `isEnabled`, show it at all times, each thumb's value above it, not only while dragging (MDC's
    /// `labelBehavior` visible): a value label that stays. Default: false.
    public var isAlwaysShown: Bool
    public var background: Color
    public var text: Color
    /// The font's size (em) in points.
    public var fontSize: Double
    /// The bubble's height; its width is the text's plus `horizontalPadding` on each side (at least `height`).
    public var height: Double
    public var horizontalPadding: Double
    public var cornerRadius: Double
    /// The arrow under the bubble, pointing at the thumb.
    public var arrowWidth: Double
    public var arrowHeight: Double
    /// Space between the arrow's tip and the thumb's edge.
    public var gap: Double
    /// Fade in and out, seconds (0: no fade).
    public var fadeDuration: Double

    public init(isEnabled: Bool = false, isAlwaysShown: Bool = false, background: Color = Color(hex: 0x3A3A3C), text: Color = .white, fontSize: Double = 13,
                height: Double = 26, horizontalPadding: Double = 8, cornerRadius: Double = 6, arrowWidth: Double = 12,
                arrowHeight: Double = 6, gap: Double = 4, fadeDuration: Double = 0.15) {
        self.isEnabled = isEnabled
        self.isAlwaysShown = isAlwaysShown
        self.background = background
        self.text = text
        self.fontSize = fontSize
        self.height = height
        self.horizontalPadding = horizontalPadding
        self.cornerRadius = cornerRadius
        self.arrowWidth = arrowWidth
        self.arrowHeight = arrowHeight
        self.gap = gap
        self.fadeDuration = fadeDuration
    }
}
