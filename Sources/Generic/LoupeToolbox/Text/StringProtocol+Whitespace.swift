extension StringProtocol {
    /// The text without leading and trailing whitespace, as Foundation's `trimmingCharacters(in:
    /// .whitespacesAndNewlines)` without the `NSString` bridge that keeps all of Foundation in a binary.
    package func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
