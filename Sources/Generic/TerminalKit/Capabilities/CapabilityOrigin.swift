/// Where `TerminalCapabilities` got one of its values: the kind of evidence, and what exactly.
public struct CapabilityOrigin: Sendable, Hashable, CustomStringConvertible {
    /// `option`: the caller's settings; `table`: `SymbolSupport`'s; `unknown`: a default applies.
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

    public var description: String {
        detail.isEmpty ? source.rawValue : "\(source.rawValue) (\(detail))"
    }
}

public enum Capability: String, Sendable, Hashable, CaseIterable {
    case colorMode, identity, graphics, symbols, background, cellSize
}
