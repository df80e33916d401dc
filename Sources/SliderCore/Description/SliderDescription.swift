/// One slider as a plain value: every setting an application, a panel file (`slider-panel`) or a saved layout
/// gives a slider, in one `Codable` type whose keys are the panel file's. `validate()` holds it to one set of
/// rules, the slider's own, and names the property an error is about; `Slider(_:clock:)` and
/// `Slider.apply(_:)` make a slider of it. A setting left nil keeps the slider's default.
///
/// ```swift
/// var bass = SliderDescription(id: "bass")
/// bass.range = [20, 20_000]
/// bass.valueScale = .logarithmic
/// let slider = try Slider(bass)
/// ```
public struct SliderDescription: Codable, Equatable, Sendable {
    /// The slider's name: the event lines and logs name it by this. Required, not empty.
    public var id: String
    /// The text shown before the track and read by screen readers; nil: `id`.
    public var label: String?
    /// `[minimum, maximum]`, finite, minimum below maximum (with `valueScale` `.decibel`, the minimum may be
    /// -∞: the fader's floor, `ValueScale.decibelFloor(below:)`); nil: `[0, 1]`.
    public var range: [Double]?
    /// The thumbs' values: one number, or `[lower, upper]` with two thumbs; nil: the minimum (and the maximum).
    public var value: ThumbValues?
    /// 1 or 2; nil: 1.
    public var thumbs: Int?
    /// The distance between values (above 0), or the number of evenly spaced values (2 to 10000): one of them.
    public var step: Double?
    public var discreteValues: Int?
    /// When values snap to the steps.
    public var snap: SnapMode?
    /// The value the fill grows from, within the range.
    public var anchor: Double?
    public var orientation: Orientation?
    /// When tick marks show on a stepped slider.
    public var ticks: TickVisibility?
    /// The value popup: none, while dragging, or always (a value label).
    public var popup: PopupVisibility?
    /// How values spread along the track, and `.power`'s exponent (finite, above 0).
    public var valueScale: ValueScaleKind?
    public var exponent: Double?
    /// The arrow keys' and the wheel's step, and Page Up / Page Down's, in values (above 0).
    public var keyStep: Double?
    public var pageStep: Double?
    /// The value's text: decimal places (0 to 6) and a unit after the number.
    public var decimals: Int?
    public var unit: String?
    /// Two symbols for the minimum and maximum ends, or two PNG files (read by whoever shows the slider).
    public var endSymbols: [SliderSymbol]?
    public var endImages: [String]?
    /// Whether the slider takes input; nil: true.
    public var enabled: Bool?
    /// The maximum at the leading end (or the bottom) instead; and which end is leading: nil for left to right.
    public var inverted: Bool?
    public var layoutDirection: LayoutDirection?
    /// false: the value is reported only when a gesture ends; else every change, at most one per
    /// `changeInterval` seconds (0 or more; nil: 0, every change).
    public var continuous: Bool?
    public var changeInterval: Double?
    /// The least distance between a range's two thumbs, in values (0 or more).
    public var minimumSeparation: Double?
    /// What a screen reader says after the label and value ("Sets the bass level").
    public var hint: String?
    /// Values marked under the track with their text (a fader's -60, -20, -6, 0 dB), each within the range.
    public var marks: [Double]?
    /// The maker's colours (`SliderPalette`: accent, track, thumb, background, text), over the style's.
    public var colors: SliderPalette?

    /// The keys, as a panel file writes them.
    public enum CodingKeys: String, CodingKey, CaseIterable, Sendable {
        case id, label, range, value, thumbs, step, snap, anchor, orientation, ticks, popup, exponent, decimals, unit
        case discreteValues = "discrete-values", valueScale = "value-scale", keyStep = "key-step", pageStep = "page-step"
        case endSymbols = "end-symbols", endImages = "end-images"
        case enabled, inverted, continuous, hint, layoutDirection = "layout-direction", changeInterval = "change-interval"
        case minimumSeparation = "minimum-separation", colors, marks
    }

    public init(id: String) {
        self.id = id
    }
}

/// A slider's values in a description: one number, or a list of them (`[lower, upper]`).
public struct ThumbValues: Codable, Equatable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
                           ExpressibleByArrayLiteral {
    public var values: [Double]

    public init(_ values: [Double]) { self.values = values }
    public init(floatLiteral value: Double) { values = [value] }
    public init(integerLiteral value: Int) { values = [Double(value)] }
    public init(arrayLiteral values: Double...) { self.values = values }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let one = try? container.decode(Double.self) {
            values = [one]
        } else if let list = try? container.decode([Double].self) {
            values = list
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be a finite number or a list of them ([lower, upper])")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if values.count == 1 { try container.encode(values[0]) } else { try container.encode(values) }
    }
}

/// When a slider shows its value popup: never, while a thumb is dragged, or always (a value label).
/// Written `false`, `true` and `always`.
public enum PopupVisibility: Codable, Equatable, Sendable {
    case hidden, whileDragging, always

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let shown = try? container.decode(Bool.self) {
            self = shown ? .whileDragging : .hidden
        } else if (try? container.decode(String.self)) == "always" {
            self = .always
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be true, false or always")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .hidden: try container.encode(false)
        case .whileDragging: try container.encode(true)
        case .always: try container.encode("always")
        }
    }
}

/// The value scales a description names (`ValueScale` less `.custom`, which is code): the exponent of
/// `.power` is the description's own `exponent`.
public enum ValueScaleKind: String, Codable, Equatable, Sendable, CaseIterable {
    case linear, logarithmic, power, decibel
}
