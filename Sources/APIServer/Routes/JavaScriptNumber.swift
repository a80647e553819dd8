import LoupeToolbox

/// How the real API (Node) reads an id: `parseInt` to tell an id from a word, `Number` for each
/// entry of a comma list and, through Mongoose's cast, for the id itself.
enum JavaScriptNumber {
    /// `parseInt(text)`: leading whitespace, a sign and digits; `nil` where JavaScript has `NaN`.
    static func parseInt(_ text: String) -> Int? {
        var rest = Substring(text).drop { $0.isWhitespace }
        var sign = 1
        if let first = rest.first, first == "-" || first == "+" {
            sign = first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        return Int(digits).map { $0 * sign }
    }

    /// `Number(text)`: the whole text, trimmed, as a number (empty is 0); `nil` where JavaScript
    /// has `NaN`.
    static func number(_ text: String) -> Double? {
        let trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty { return 0 }
        guard trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }), let value = Double(trimmed) else {
            return nil
        }
        return value
    }
}
