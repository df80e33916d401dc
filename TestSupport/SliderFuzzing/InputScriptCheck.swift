import SliderCore
import SliderScripts

/// The input-script reader fed arbitrary text. Invariants: it returns (no crash, no hang); every line that
/// holds something is either an event or an error, errors name a real line (and a column inside it); every
/// event written back as a line reads back as the same event.
public enum InputScriptCheck {
    public static func violations<Bytes: Sequence<UInt8>>(in bytes: Bytes) -> [String] {
        let text = String(decoding: Array(bytes), as: UTF8.self)
        let script = InputScript(parsing: text)
        var found: [String] = []
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for error in script.errors {
            guard error.line >= 1 && error.line <= lines.count else {
                found.append("error on line \(error.line) of \(lines.count): \(error)")
                continue
            }
            if let column = error.column, column < 1 || column > lines[error.line - 1].count {
                found.append("column \(column) outside line \(error.line) (\(lines[error.line - 1].count) characters): \(error)")
            }
        }
        if script.events.count + script.errors.count > lines.count {
            found.append("\(script.events.count) events and \(script.errors.count) errors from \(lines.count) lines")
        }
        for event in script.events {
            let line = InputScript.line(for: event)
            let again = InputScript(parsing: line)
            if again.events != [event] { found.append("\(event) wrote \(line), which read back as \(again.events) \(again.errors)") }
        }
        return found
    }
}
