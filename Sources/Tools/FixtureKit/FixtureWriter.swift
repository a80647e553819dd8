import Foundation
import RickAndMortyAPI
import LoupeToolbox

/// Writes a whole dataset folder: the JSON files and every avatar, using all cores.
package struct FixtureWriter: Sendable {
    package var generator: FixtureGenerator
    package var avatars: AvatarFactory

    package init(generator: FixtureGenerator = FixtureGenerator(), avatars: AvatarFactory = AvatarFactory()) {
        self.generator = generator
        self.avatars = avatars
    }

    @discardableResult
    package func write(to folder: URL) async throws -> Dataset {
        let avatarsDirectory = folder.appendingPathComponent("avatars", isDirectory: true)
        try FileManager.default.createDirectory(at: avatarsDirectory, withIntermediateDirectories: true)
        let dataset = generator.makeDataset(avatarsDirectory: avatarsDirectory)
        try dataset.writeJSON(to: folder)
        let factory = avatars
        let written = await BoundedWork.map(dataset.characters, .compute) { character in
            Result {
                let bytes = try factory.avatar(for: character)
                try AtomicFile.write(bytes, to: dataset.avatarFile(id: character.id).path)
            }
        }
        for outcome in written { try outcome.get() }
        return dataset
    }
}
