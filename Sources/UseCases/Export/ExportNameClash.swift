import RickAndMortyAPI

/// Two characters whose files a name template would give one name: refused before anything is
/// written or downloaded.
public struct ExportNameClash: Error, CustomStringConvertible, Sendable {
    /// The name both would have.
    public var name: String
    public var first: RMCharacter
    public var second: RMCharacter

    public var description: String {
        "\(first.id) (\(first.name)) and \(second.id) (\(second.name)) would both be written as \(name)"
    }
}
