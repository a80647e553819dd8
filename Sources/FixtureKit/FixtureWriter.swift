import Foundation
import RickAndMortyAPI

/// Writes a whole dataset folder: the JSON files and every avatar, using all cores.
public struct FixtureWriter: Sendable {
    public var generator: FixtureGenerator
    public var avatars: AvatarFactory

    public init(generator: FixtureGenerator = FixtureGenerator(), avatars: AvatarFactory = AvatarFactory()) {
        self.generator = generator
        self.avatars = avatars
    }

    /// Writes into `folder` and returns the dataset written.
    @discardableResult
    public func write(to folder: URL) async throws -> Dataset {
        let avatarsDirectory = folder.appendingPathComponent("avatars", isDirectory: true)
        try FileManager.default.createDirectory(at: avatarsDirectory, withIntermediateDirectories: true)
        let dataset = generator.makeDataset(avatarsDirectory: avatarsDirectory)
        try dataset.writeJSON(to: folder)
        let factory = avatars
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (offset, character) in dataset.characters.enumerated() {
                if offset >= workers { try await group.next() }
                group.addTask {
                    let bytes = try factory.avatar(for: character)
                    try Data(bytes).write(to: dataset.avatarFile(id: character.id), options: .atomic)
                }
            }
            try await group.waitForAll()
        }
        return dataset
    }
}
