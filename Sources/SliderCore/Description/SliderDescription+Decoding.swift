extension SliderDescription.Error {
    /// A decoder's error as a description's: the key it is about (nil for the description as a whole) and what
    /// the key takes, in the words the panel file's and the C API's messages use ("range must be a list").
    public init(_ error: DecodingError) {
        let context: DecodingError.Context, message: String
        switch error {
        case .typeMismatch(let type, let c), .valueNotFound(let type, let c):
            context = c
            message = "must be " + Self.expected(type)
        case .dataCorrupted(let c):
            context = c
            message = c.debugDescription
        case .keyNotFound(let key, let c):
            context = c
            message = "\(key.stringValue) is missing"
        @unknown default:
            self.init(nil, "\(error)")
            return
        }
        let property = context.codingPath.first.flatMap { SliderDescription.CodingKeys(stringValue: $0.stringValue) }
        self.init(property, "\(property?.rawValue ?? "a slider") \(message)")
    }

    private static func expected(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type: "a finite number"
        case is Int.Type: "a whole number"
        case is Bool.Type: "true or false"
        case is String.Type: "text"
        default: "a list"
        }
    }

}
