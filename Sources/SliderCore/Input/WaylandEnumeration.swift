/// An enumeration of the Wayland protocol that input scripts write by name and read by name or by the
/// protocol's number for it (wl_pointer.button_state, wl_keyboard.key_state, wl_pointer.axis,
/// wl_pointer.axis_source).
protocol WaylandEnumeration: Codable, CaseIterable {
    /// The name scripts write.
    var scriptName: String { get }
    /// Other names read as this case (the protocol's own, where it differs).
    var otherNames: [String] { get }
    /// The protocol's number for this case.
    var protocolNumber: UInt32 { get }
}

extension WaylandEnumeration {
    var otherNames: [String] { [] }

    /// Reads a case by name or number (the conforming types' `init(from:)`).
    static func decodeCase(from decoder: Decoder) throws -> Self {
        let container = try decoder.singleValueContainer()
        let choices = Self.allCases.map { "\"\($0.scriptName)\" (\($0.protocolNumber))" }.joined(separator: ", ")
        if let name = try? container.decode(String.self) {
            guard let match = Self.allCases.first(where: { $0.scriptName == name || $0.otherNames.contains(name) }) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(name)\" is not one of \(choices)")
            }
            return match
        } else {
            let number = try container.decode(Double.self)
            guard let match = Self.allCases.first(where: { Double($0.protocolNumber) == number }) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(number) is not one of \(choices)")
            }
            return match
        }
    }

    /// Writes the case's name (the conforming types' `encode(to:)`).
    func encodeCase(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(scriptName)
    }
}

extension ButtonState: WaylandEnumeration {
    public init(from decoder: Decoder) throws { self = try Self.decodeCase(from: decoder) }
    public func encode(to encoder: Encoder) throws { try encodeCase(to: encoder) }
    public static let allCases: [ButtonState] = [.released, .pressed]
    var scriptName: String { self == .pressed ? "pressed" : "released" }
    var protocolNumber: UInt32 { self == .pressed ? 1 : 0 }
}

extension KeyState: WaylandEnumeration {
    public init(from decoder: Decoder) throws { self = try Self.decodeCase(from: decoder) }
    public func encode(to encoder: Encoder) throws { try encodeCase(to: encoder) }
    var scriptName: String { rawValue }
    var protocolNumber: UInt32 {
        switch self {
        case .released: 0
        case .pressed: 1
        case .repeated: 2
        }
    }
}

extension ScrollAxis: WaylandEnumeration {
    public init(from decoder: Decoder) throws { self = try Self.decodeCase(from: decoder) }
    public func encode(to encoder: Encoder) throws { try encodeCase(to: encoder) }
    var scriptName: String { rawValue }
    var otherNames: [String] { [rawValue + "_scroll"] }
    var protocolNumber: UInt32 { self == .vertical ? 0 : 1 }
}

extension ScrollSource: WaylandEnumeration {
    public init(from decoder: Decoder) throws { self = try Self.decodeCase(from: decoder) }
    public func encode(to encoder: Encoder) throws { try encodeCase(to: encoder) }
    public static let allCases: [ScrollSource] = [.wheel, .finger, .continuous, .wheelTilt]
    var scriptName: String { self == .wheelTilt ? "wheel_tilt" : "\(self)" }
    var protocolNumber: UInt32 { axisSource }

    /// The source for a wl_pointer.axis_source number; nil for a number the protocol does not define.
    package init?(axisSource: UInt32) {
        guard let source = ScrollSource.allCases.first(where: { $0.axisSource == axisSource }) else { return nil }
        self = source
    }

    /// wl_pointer.axis_source's number for this source.
    package var axisSource: UInt32 {
        switch self {
        case .wheel: 0
        case .finger: 1
        case .continuous: 2
        case .wheelTilt: 3
        }
    }
}
