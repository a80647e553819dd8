/// Each value `TerminalCapabilities` decides, by which `rickdex terminal` says where it came from.
public enum Capability: String, Sendable, Hashable, CaseIterable {
    case colorMode, identity, graphics, symbols, background, cellSize
}
