/// Where `TerminalCapabilities` got one of its values: the kind of evidence, and what exactly.
public struct CapabilityOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The kind of evidence.
    public enum Source: String, Sendable, Hashable {
        /// The caller's settings (a command-line option).
        case option
        /// Environment variables.
        case environment
        /// The terminal's answer to the probe.
        case probe
        /// tmux, asked about the terminal its client runs in.
        case tmux
        /// The table of what each terminal draws (`SymbolSupport`).
        case table
        /// The kernel: the pty's size in pixels.
        case kernel
        /// Nothing said; a default applies.
        case unknown
    }

    public var source: Source
    /// What exactly (`XTVERSION`, `COLORFGBG`), or why; empty when the source says all.
    public var detail: String

    public init(_ source: Source, _ detail: String = "") {
        self.source = source
        self.detail = detail
    }

    /// `probe (XTVERSION)`, or just `option`.
    public var description: String {
        detail.isEmpty ? source.rawValue : "\(source.rawValue) (\(detail))"
    }
}

/// Each value `TerminalCapabilities` decides, with its origin.
public enum Capability: String, Sendable, Hashable, CaseIterable {
    case colorMode, identity, graphics, symbols, background, cellSize
}
