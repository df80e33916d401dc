/// What a complaint quotes of what it refuses (a key, an id, a line, a path): at most `maximumCharacters`,
/// so a refusal of a line or value of any length stays a line long.
enum BriefQuote {
    static let maximumCharacters = 60

    /// At most `maximumCharacters` of `text` between `mark`s, "..." after the closing mark when there was more.
    static func of(_ text: String, mark: String = "\"") -> String {
        text.count <= maximumCharacters ? mark + text + mark : mark + text.prefix(maximumCharacters) + mark + "..."
    }
}
