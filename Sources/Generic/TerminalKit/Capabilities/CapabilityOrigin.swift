/// Where `TerminalCapabilities` got one of its values: the kind of evidence, and what exactly.
public struct CapabilityOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The kind of evidence: the caller's settings (`option`), environment variables, the probe's
    /// answers, tmux's word on its client, `SymbolSupport`'s table, the kernel's pixel size, or
    /// nothing (`unknown`: a default applies).
    public enum Source: String, Sendable, Hashable {
        case option, environment, probe, tmux, table, kernel, unknown
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
