/// What a complaint quotes of what it refuses (a key, an id, a line, a path): at most `maximumCharacters`,
/// so a refusal of a line or value of any length stays a line long.
package enum BriefQuote {
    package static let maximumCharacters = 60

    /// At most `maximumCharacters` of `text` between `mark`s, "..." after the closing mark when there was more.
    package static func of(_ text: String, mark: String = "\"") -> String {
        text.count <= maximumCharacters ? mark + text + mark : mark + text.prefix(maximumCharacters) + mark + "..."
    }

    /// `text` (a library's message, which may hold what it refused) with each word of it longer than
    /// `maximumCharacters` cut there, "..." after it: JSONSerialization's "Number 2388...8 is not
    /// representable in Swift" quotes a number of any length.
    package static func words(of text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false)
            .map { $0.count <= maximumCharacters ? String($0) : $0.prefix(maximumCharacters) + "..." }
            .joined(separator: " ")
    }

    /// The first three of `texts` (repeats left out), each quoted as `of` quotes it, and how many more.
    package static func list(_ texts: [String]) -> String {
        var distinct: [String] = []
        for text in texts where !distinct.contains(text) { distinct.append(text) }
        let more = distinct.count > 3 ? " and \(distinct.count - 3) more" : ""
        return distinct.prefix(3).map { of($0) }.joined(separator: ", ") + more
    }
}
