import BlockArt

extension TerminalText {
    /// Sanitizes each line of `text` on its own, keeping the line breaks.
    package static func sanitizeKeepingLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { sanitize(String($0)) }.joined(separator: "\n")
    }
}
