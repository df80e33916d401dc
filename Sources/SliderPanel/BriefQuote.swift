/// What a complaint quotes of what it refuses (a key, an id, a line, a path): at most `maximumCharacters`,
/// so a refusal of a line or value of any length stays a line long.
enum BriefQuote {
    static let maximumCharacters = 60

    /// At most `maximumCharacters` of `text` between `mark`s, "..." after the closing mark when there was more.
    static func of(_ text: String, mark: String = "\"") -> String {
        text.count <= maximumCharacters ? mark + text + mark : mark + text.prefix(maximumCharacters) + mark + "..."
    }

    /// The first three of `texts` (repeats left out), each quoted as `of` quotes it, and how many more.
    static func list(_ texts: [String]) -> String {
        var distinct: [String] = []
        for text in texts where !distinct.contains(text) { distinct.append(text) }
        let more = distinct.count > 3 ? " and \(distinct.count - 3) more" : ""
        return distinct.prefix(3).map { of($0) }.joined(separator: ", ") + more
    }
}
