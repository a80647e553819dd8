import Foundation
import Toolbox

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
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        let modified = (try? FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date) ?? Date()
        let avatar = AvatarFile(bytes: Array(data), lastModified: modified)
        loaded.withLock { $0[id] = avatar }
        return avatar
    }
}
