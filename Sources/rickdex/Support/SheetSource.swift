import Foundation
import RickAndMortyAPI

/// Characters and a way to read each one's avatar bytes: from the API or from a dataset folder.
struct SheetSource: Sendable {
    let characters: [RMCharacter]
    /// Kept open while avatars are fetched, then closed.
    let connection: APIConnection?
    let avatar: @Sendable (RMCharacter) async throws -> [UInt8]

    /// Every character of a dataset folder that `query` matches, with its avatar file.
    static func dataset(_ folder: URL, query: CharacterQuery) throws -> SheetSource {
        let dataset = try Dataset.load(from: folder)
        let matches = try dataset.characters.filter(query.matches).map { try $0.model(at: folder.path) }
        return SheetSource(characters: matches, connection: nil) { character in
            try FileReader.bytes(of: dataset.avatarFile(id: character.id))
        }
    }
}
