import Foundation
import WaylandSlider

/// Recorded input as JSON lines, one `InputEvent` per line in its `Codable` form (the fields the compositor
/// delivers; see `InputEvent`'s coding):
///
///     {"t":1000,"type":"pointer_enter","x":120.5,"y":42}
///     {"t":1016,"type":"pointer_button","button":272,"state":"pressed"}
///     {"t":1100,"type":"touch_down","id":1,"x":60,"y":94}
///     {"t":1200,"type":"key","key":106,"state":"released"}
///
/// Blank lines and lines starting with `#` are skipped; a line that does not decode is kept as an error
/// with its number, and the others still play.
struct InputScript {
    /// A line that could not be read: its 1-based number and why.
    struct LineError: Error, Equatable, CustomStringConvertible {
        var line: Int
        var reason: String
        var description: String { "line \(line): \(reason)" }
    }

    var events: [InputEvent] = []
    /// Lines skipped as malformed; the others still play.
    var errors: [LineError] = []

    /// Parses `text`.
    init(parsing text: String) {
        let decoder = JSONDecoder()
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            do {
                events.append(try decoder.decode(InputEvent.self, from: Data(trimmed.utf8)))
            } catch {
                errors.append(LineError(line: index + 1, reason: InputScript.reason(error)))
            }
        }
    }

    /// One event as a JSON line (the format `init(parsing:)` reads).
    static func encode(_ event: InputEvent) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(event)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Why a line did not decode, naming the field.
    private static func reason(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func field(_ path: [CodingKey]) -> String { path.isEmpty ? "" : "\"\(path.map(\.stringValue).joined(separator: "."))\": " }
        switch error {
        case .keyNotFound(let key, let context): return "\(field(context.codingPath))no \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not a JSON object (\(context.debugDescription))" : field(context.codingPath) + context.debugDescription
        @unknown default: return "\(error)"
        }
    }
}
