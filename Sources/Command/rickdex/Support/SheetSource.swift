import FoundationEssentials
import LoupePipeline
import LoupeImaging
import RickAndMortyAPI
import LoupeToolbox
import UseCases

/// Characters and a way to get each one's round thumbnail: through the cache from the API, or
/// straight from a dataset folder's files.
struct SheetSource: Sendable {
    let characters: [RMCharacter]
    /// How many matched in all (more than `characters` when one page was asked for).
    let total: Int
    /// Kept open while thumbnails are made, then closed.
    let api: APIAccess?
    let thumbnails: AvatarThumbnails

    /// Every character of a dataset folder that `query` matches, with its avatar file.
    static func dataset(_ folder: URL, query: CharacterQuery, size: Int) throws -> SheetSource {
        let dataset = try Dataset.load(from: folder)
        let matches = try dataset.characters.filter(query.matches).map { try $0.model(at: folder.path) }
        let thumbnails = AvatarThumbnails { character in
            let bytes = try FileReader.bytes(of: dataset.avatarFile(id: character.id))
            let circle = AvatarVariant.sheetCell.sized(.pixels(size)).circle(for: character.status, pixelsPerColumn: 1)
            return try Thumbnailer(circle: circle).thumbnail(bytes)
        }
        return SheetSource(characters: matches, total: matches.count, api: nil, thumbnails: thumbnails)
    }
}

/// Reads local files with errors that name the file: regular files only (a FIFO is not waited
/// on, a device not read), at most a download's 10 MB, as the pipeline reads `file://`.
enum FileReader {
    static func bytes(of file: URL) throws -> [UInt8] {
        do {
            return try FileSystem.regularFile(file.path, cap: 10 << 20)
        } catch {
            throw LocalFileError(path: file.path, reason: "\(error)")
        }
    }
}
