import BlockArt

/// Untrusted text made safe for messages and drawings.
enum TerminalTextSafe {
    static let clean: @Sendable (String) -> String = { TerminalText.sanitize($0) }
}
