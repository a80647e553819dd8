import FoundationEssentials
import SystemPackage
import LoupeToolbox

/// A dataset folder: `characters.json`, `episodes.json`, `locations.json` (the API's whole content,
/// URLs under `APIRoot.realService`) and `avatars/N.jpeg`, one per character.
public struct Dataset: Sendable {
    package var characters: [CharacterDTO]
    package var episodes: [EpisodeDTO]
    package var locations: [LocationDTO]
    /// Where `N.jpeg` files live.
    public var avatarsDirectory: URL

    package init(characters: [CharacterDTO], episodes: [EpisodeDTO], locations: [LocationDTO], avatarsDirectory: URL) {
        self.characters = characters.sorted { $0.id < $1.id }
        self.episodes = episodes.sorted { $0.id < $1.id }
        self.locations = locations.sorted { $0.id < $1.id }
        self.avatarsDirectory = avatarsDirectory
    }

    /// Reads a dataset folder; throws `DatasetError` naming the file that is missing or wrong.
    public static func load(from folder: URL) throws -> Dataset {
        Dataset(
            characters: try read(CharacterDTO.self, folder.appendingPathComponent("characters.json")),
            episodes: try read(EpisodeDTO.self, folder.appendingPathComponent("episodes.json")),
            locations: try read(LocationDTO.self, folder.appendingPathComponent("locations.json")),
            avatarsDirectory: folder.appendingPathComponent("avatars", isDirectory: true)
        )
    }

    /// Writes the three JSON files into `folder`, keys sorted so the bytes repeat.
    package func writeJSON(to folder: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try FileSystem.makeFolder(folder.path)
        func write(_ items: [some WireResource], _ name: String) throws {
            let bytes = try encoder.encode(items.map { $0.written(under: .realService) })
            try AtomicFile.write(Array(bytes), to: folder.appendingPathComponent(name).path)
        }
        try write(characters, "characters.json")
        try write(episodes, "episodes.json")
        try write(locations, "locations.json")
    }

    /// The avatar file of character `id`.
    public func avatarFile(id: Int) -> URL {
        avatarsDirectory.appendingPathComponent("\(id).jpeg")
    }

    /// The resources in `file`, each URL under the real service's root read as its path.
    private static func read<T: WireResource>(_ type: T.Type, _ file: URL) throws -> [T] {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.contents(of: file.path)
        } catch {
            throw DatasetError.unreadable(path: file.path, reason: Errno.describe(error))
        }
        do {
            return try JSONDecoder().decode([T].self, from: Data(bytes)).map {
                $0.mapURLs { APIRoot.realService.path(of: $0)?.description ?? $0 }
            }
        } catch {
            throw DatasetError.malformed(path: file.path, reason: "\(error)")
        }
    }
}

/// Why a dataset folder could not be read.
public enum DatasetError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case malformed(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .malformed(let path, let reason): "\(path) is not a dataset file: \(reason)"
        }
    }
}
