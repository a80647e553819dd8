/// A kind of thing the API lists (`RMCharacter`, `Episode`, `Location`).
public protocol APIResource: Filterable, Hashable, Codable, Identifiable where ID == Int {
    /// Which kind this is; its raw value is the path segment under the API root.
    static var kind: ResourceKind { get }
    /// What the `name` filter compares against.
    var name: String { get }
}

/// The kinds of thing the API lists, named as its paths name them.
public enum ResourceKind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case character, episode, location

    public var description: String { rawValue }
}
