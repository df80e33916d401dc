/// One shape for the renderer, in device pixels: the scene is a flat list of these, drawn in order.
///
/// Plain values only (no references), so a scene copies and compares without allocating.
@_spi(Internals) public struct Primitive: Equatable, Sendable {
    public enum Kind: UInt8, Equatable, Sendable {
        /// A rectangle with rounded corners, filled and optionally bordered (track, fill, focus ring).
        case roundedRect
        /// A circle inscribed in `rect` (thumb).
        case circle
        /// The Gaussian-blurred silhouette of a rounded rectangle (thumb shadow).
        case shadow
        /// A tick mark: a small filled circle.
        case tick
        /// An image or built-in icon drawn into `rect`, tinted with `fillColor` (see `Slot`).
        case image
        /// Text centred in `rect` in `fillColor` (the value popup's label); the renderer lays out the glyphs.
        case text
    }

    /// What an `.image` or `.text` primitive shows.
    public enum Slot: Equatable, Sendable {
        case none
        case image(SliderImage)
        /// The value popup's arrow, a triangle filling `rect`, its tip down (or up when the popup sits below
        /// the thumb).
        case arrow(pointsDown: Bool)
        /// The characters of a `.text` primitive.
        case text(TextRun)
    }

    public var kind: Kind
    /// The shape's rectangle in device pixels (for a shadow: the blurred shape before blurring).
    public var rect: Rect
    public var cornerRadius: Double
    public var fillColor: Color
    public var borderColor: Color
    public var borderWidth: Double
    /// Blur radius in device pixels for `.shadow` (standard deviation = blur / 2); 0 otherwise.
    public var blur: Double
    public var slot: Slot

    public init(kind: Kind, rect: Rect, cornerRadius: Double = 0, fillColor: Color, borderColor: Color = .clear,
                borderWidth: Double = 0, blur: Double = 0, slot: Slot = .none) {
        self.kind = kind
        self.rect = rect
        self.cornerRadius = cornerRadius
        self.fillColor = fillColor
        self.borderColor = borderColor
        self.borderWidth = borderWidth
        self.blur = blur
        self.slot = slot
    }

    /// Every pixel the primitive visibly touches: the shape plus one pixel of anti-aliasing, plus three
    /// standard deviations of blur for a shadow (past them at most 0.14 % of its colour remains, under
    /// 0.4/255 for an opaque black shadow). A renderer draws a quad of exactly this.
    public var bounds: Rect {
        rect.outset(by: 1 + (kind == .shadow ? 1.5 * blur : 0))
    }
}
