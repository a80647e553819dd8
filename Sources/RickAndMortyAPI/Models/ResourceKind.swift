/// The kinds of thing the API lists, named as its paths name them.
public enum ResourceKind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case character, episode, location

    public var description: String { rawValue }
}
