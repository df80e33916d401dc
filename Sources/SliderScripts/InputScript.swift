import FoundationEssentials
import SliderCore

/// An input script: recorded input as JSON lines, one `InputEvent` per line in its `Codable` form,
///
///     {"t":1000,"type":"pointer_enter","x":120.5,"y":42}
///     {"t":1016,"type":"pointer_button","button":272,"state":"pressed"}
///     {"t":1100,"type":"touch_down","id":0,"x":60,"y":94}
///     {"t":1200,"type":"key","key":106,"state":"released"}
///
/// Blank lines and lines starting with `#` are skipped. A line that does not decode is kept as a
/// ``LineError`` with its line, the column of the field at fault and why, and the other lines still play:
/// nothing else a recording holds is lost.
///
/// Scripts recorded before keys carried their modifiers have `modifiers` lines, the masks of
/// wl_keyboard.modifiers in the default keymap (`{"t":5,"type":"modifiers","depressed":1,"latched":0,
/// "locked":0,"group":0}`: Shift); their modifiers apply to the keys after them.
public struct InputScript: Sendable {
    /// A line that could not be read: its 1-based number, the 1-based column of the field at fault (nil
    /// when the line is not JSON), and why.
    public struct LineError: Error, Equatable, Sendable, CustomStringConvertible {
        public var line: Int
        public var column: Int?
        public var reason: String
        public var description: String { "line \(line)" + (column.map { ", column \($0)" } ?? "") + ": \(reason)" }
    }

    /// The events, in script order.
    public var events: [InputEvent] = []
    /// Lines skipped as malformed; the others still play.
    public var errors: [LineError] = []

    /// Parses `text`.
    public init(parsing text: String) {
        let decoder = JSONDecoder()
        var heldModifiers: Modifiers = []
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let line = index == 0 && raw.hasPrefix("\u{FEFF}") ? raw.dropFirst() : raw
            var trimmed = line.drop { $0.isWhitespace }
            while trimmed.last?.isWhitespace == true { trimmed = trimmed.dropLast() }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let data = Data(trimmed.utf8)
            do {
                if (try? decoder.decode(TypeName.self, from: data))?.type == LegacyModifiers.type {
                    heldModifiers = try decoder.decode(LegacyModifiers.self, from: data).modifiers
                    continue
                }
                var event = try decoder.decode(InputEvent.self, from: data)
                if case .key(let keysym, let state, let modifiers, let code) = event.kind, !heldModifiers.isEmpty {
                    event.kind = .key(keysym: keysym, state: state, modifiers: modifiers.union(heldModifiers), code: code)
                }
                events.append(event)
            } catch {
                errors.append(InputScript.lineError(error, line: index + 1, text: String(line)))
            }
        }
    }

    /// `event` as one script line (no newline), with its fields in a fixed order.
    public static func line(for event: InputEvent) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding an InputEvent cannot fail: every field is a number, a string or a list of strings, and
        // decoding refuses the non-finite numbers JSON cannot hold.
        return (try? encoder.encode(event)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The script's text: one line per event.
    public var text: String { events.map { InputScript.line(for: $0) + "\n" }.joined() }

    private struct TypeName: Decodable { var type: String }

    /// A wl_keyboard.modifiers record of the first script format.
    private struct LegacyModifiers: Decodable {
        static let type = "modifiers"
        var t: UInt32?
        var type: String
        var depressed: UInt32
        var latched: UInt32
        var locked: UInt32
        var group: UInt32

        /// The modifiers in effect, from xkbcommon's default keymap masks (Shift 1, Control 4, Mod1 8, Mod4 64).
        var modifiers: Modifiers {
            let mask = depressed | latched | locked
            var modifiers: Modifiers = []
            if mask & 1 != 0 { modifiers.insert(.shift) }
            if mask & 4 != 0 { modifiers.insert(.control) }
            if mask & 8 != 0 { modifiers.insert(.alt) }
            if mask & 64 != 0 { modifiers.insert(.logo) }
            return modifiers
        }
    }

    /// Why a line did not decode, naming the field and its column.
    private static func lineError(_ error: Error, line: Int, text: String) -> LineError {
        guard let error = error as? DecodingError else { return LineError(line: line, column: nil, reason: "\(error)") }
        let path: [CodingKey], reason: String
        switch error {
        case .keyNotFound(let key, let context):
            return LineError(line: line, column: text.lastIndex(of: "}").map { text.distance(from: text.startIndex, to: $0) + 1 },
                             reason: "no \"\(key.stringValue)\"" + (context.codingPath.isEmpty ? "" : " in \(context.codingPath.map(\.stringValue))"))
        case .typeMismatch(_, let context) where context.codingPath.isEmpty:
            return LineError(line: line, column: 1, reason: "not a JSON object")
        case .typeMismatch(_, let context), .valueNotFound(_, let context): (path, reason) = (context.codingPath, context.debugDescription)
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return LineError(line: line, column: nil, reason: "not valid JSON (\(context.debugDescription))")
        case .dataCorrupted(let context): (path, reason) = (context.codingPath, context.debugDescription)
        @unknown default: return LineError(line: line, column: nil, reason: "\(error)")
        }
        let field = path.first { $0.intValue == nil }?.stringValue ?? ""
        return LineError(line: line, column: column(ofKey: field, in: text), reason: "\"\(field)\": \(reason)")
    }

    /// The 1-based column of `"key":` in `line`, nil when it is not there as a key.
    static func column(ofKey key: String, in line: String) -> Int? {
        let quoted = "\"\(key)\""
        var searchStart = line.startIndex
        while let range = line[searchStart...].firstRange(of: quoted) {
            let rest = line[range.upperBound...].drop { $0 == " " || $0 == "\t" }
            if rest.first == ":" { return line.distance(from: line.startIndex, to: range.lowerBound) + 1 }
            searchStart = range.upperBound
        }
        return nil
    }
}
