import RickAndMortyAPI

/// Two characters whose files a name template would give one name: refused before anything is
/// written or downloaded.
package struct ExportNameClash: Error, CustomStringConvertible, Sendable {
    /// The name both would have.
    package var name: String
    package var first: RMCharacter
    package var second: RMCharacter

    package var description: String {
        "\(first.id) (\(first.name)) and \(second.id) (\(second.name)) would both be written as \(name)"
    }
}
