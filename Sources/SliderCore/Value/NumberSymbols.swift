/// How a place writes numbers: the decimal separator, the thousands separator and how digits are grouped
/// (`21,5` and `1.234,5` in Germany, `1 234,5` in France). A panel reads them from the C library's locale data
/// (`LC_NUMERIC`); the default is the C locale's: a point, no grouping.
public struct NumberSymbols: Equatable, Sendable {
    public var decimalSeparator: String
    public var groupingSeparator: String
    /// The sizes of the digit groups from the decimal separator leftwards, the last repeating (C's `grouping`:
    /// [3] for thousands); empty: no grouping.
    public var grouping: [Int]

    public init(decimalSeparator: String = ".", groupingSeparator: String = "", grouping: [Int] = []) {
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.grouping = grouping.filter { $0 > 0 }
    }

    /// The C locale's: "1234.5".
    public static let c = NumberSymbols()

    /// `text`, a number as `ValueFormatter.format` writes it ("-1234.5"), in these symbols.
    public func localized(_ text: String) -> String {
        guard self != .c else { return text }
        let negative = text.hasPrefix("-")
        let unsigned = negative ? text.dropFirst() : Substring(text)
        let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, whole.allSatisfy(\.isNumber) else { return text }
        var digits = Array(whole), groups: [String] = []
        if !groupingSeparator.isEmpty, !grouping.isEmpty {
            var index = 0
            while digits.count > 0 {
                let size = grouping[Swift.min(index, grouping.count - 1)]
                guard digits.count > size else { break }
                groups.insert(String(digits.suffix(size)), at: 0)
                digits.removeLast(size)
                index += 1
            }
        }
        groups.insert(String(digits), at: 0)
        var result = (negative ? "-" : "") + groups.joined(separator: groupingSeparator)
        if parts.count == 2 { result += decimalSeparator + parts[1] }
        return result
    }
}
