/// An enumeration a slider description writes by name (`on-release`, `speaker-quiet`): decoding anything else
/// fails with the names it could have been.
public protocol DescriptionName: Codable, CaseIterable, Sendable {
    /// The name a description writes.
    var descriptionName: String { get }
}

extension DescriptionName {
    public init(from decoder: any Decoder) throws { self = try Self.named(from: decoder) }

    public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

    /// The case whose name `decoder` holds.
    static func named(from decoder: any Decoder) throws -> Self {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let match = Self.allCases.first(where: { $0.descriptionName == name }) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "must be one of \(Self.allCases.map(\.descriptionName).joined(separator: ", ")), not \(BriefQuote.of(name))")
        }
        return match
    }

    func encodeName(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(descriptionName)
    }
}

extension SnapMode: DescriptionName {
    public var descriptionName: String {
        switch self {
        case .always: "always"
        case .onRelease: "on-release"
        case .never: "never"
        }
    }
}

extension Orientation: DescriptionName {
    public var descriptionName: String { self == .horizontal ? "horizontal" : "vertical" }
}

extension LayoutDirection: DescriptionName {
    public var descriptionName: String { self == .leftToRight ? "left-to-right" : "right-to-left" }
}

extension TickVisibility: DescriptionName {
    public var descriptionName: String {
        switch self {
        case .always: "always"
        case .never: "never"
        case .whileDragging: "while-dragging"
        }
    }
}

extension SliderSymbol: DescriptionName {
    // By name, not by the raw value RawRepresentable would code.
    public init(from decoder: any Decoder) throws { self = try Self.named(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

    /// "speakerQuiet" → "speaker-quiet".
    public var descriptionName: String {
        "\(self)".reduce(into: "") { text, character in
            if character.isUppercase { text += "-" + character.lowercased() } else { text.append(character) }
        }
    }
}
