import FoundationEssentials
import LoupeToolbox

/// The avatar files of a dataset, read on first request and kept in memory.
final class AvatarLibrary: Sendable {
    private let directory: URL
    private let loaded = Locked<[Int: AvatarFile]>([:])

    init(directory: URL) {
        self.directory = directory
    }

    /// The avatar of character `id`, or `nil` when the dataset has none.
    func avatar(id: Int) -> AvatarFile? {
        if let cached = loaded.withLock({ $0[id] }) { return cached }
        let file = directory.appendingPathComponent("\(id).jpeg")
        guard let data = FileSystem.read(file.path) else { return nil }
        let modified = FileSystem.info(file.path).map { Date(timeIntervalSince1970: $0.modified) } ?? Date()
        let avatar = AvatarFile(bytes: data, lastModified: modified)
        loaded.withLock { $0[id] = avatar }
        return avatar
    }
}
