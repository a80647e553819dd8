extension StringProtocol {
    /// The text without leading and trailing whitespace (`Character.isWhitespace`: spaces, tabs,
    /// line breaks), as Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` gives it,
    /// without the `NSString` bridge that keeps all of Foundation in a binary.
    package func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
