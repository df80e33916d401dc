extension SliderDescription.Error {
    /// A decoder's error as a description's: the key it is about (nil for the description as a whole) and what
    /// the key takes, in the words the panel file's and the C API's messages use ("range must be a list",
    /// "id is missing"; a text that is not JSON or YAML in the decoder's own words).
    public init(_ error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let property = Self.property(at: context)
            self.init(property, "\(property?.rawValue ?? "a slider") must be \(Self.expected(type))")
        case .dataCorrupted(let context):
            let property = Self.property(at: context)
            self.init(property, property.map { "\($0.rawValue) \(context.debugDescription)" } ?? context.debugDescription)
        case .keyNotFound(let key, let context):
            let property = Self.property(at: context) ?? SliderDescription.CodingKeys(stringValue: key.stringValue)
            self.init(property, "\(key.stringValue) is missing")
        @unknown default:
            self.init(nil, "\(error)")
        }
    }

    private static func property(at context: DecodingError.Context) -> SliderDescription.CodingKeys? {
        context.codingPath.first.flatMap { SliderDescription.CodingKeys(stringValue: $0.stringValue) }
    }

    private static func expected(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type: "a finite number"
        case is Int.Type: "a whole number"
        case is Bool.Type: "true or false"
        case is String.Type: "text"
        case is [String: Any].Type: "key: value pairs"
        default: "a list"
        }
    }
}
