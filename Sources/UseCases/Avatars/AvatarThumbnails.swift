import ImageCache
import Imaging
import RickAndMortyAPI
import Toolbox

/// Round thumbnails for many characters: the one fan-out that search rows, cast grids, contact
/// sheets and `export --sheet` draw through. A window of characters at a time (each fetches,
/// then resamples: `Workload.mixed`), every one's outcome kept, in the characters' order.
public struct AvatarThumbnails: Sendable {
    private let make: @Sendable (RMCharacter) async throws -> Bitmap

    /// Through `images` (memory, disk, then the network), each drawn as `variant`, whose
    /// columns are `pixelsPerColumn` pixels wide (1 for a variant sized in pixels).
    public init(images: ImagePipeline, variant: AvatarVariant, pixelsPerColumn: Int) {
        make = { character in
            let request = variant.request(character.imageURL, status: character.status, pixelsPerColumn: pixelsPerColumn)
            return try await images.image(for: request).image
        }
    }

    /// Made by `thumbnail`, e.g. from a dataset folder's files with no cache between.
    public init(making thumbnail: @escaping @Sendable (RMCharacter) async throws -> Bitmap) {
        make = thumbnail
    }

    /// Every character's thumbnail or its error, in the characters' order.
    public func all(_ characters: [RMCharacter]) async -> [Result<Bitmap, any Error>] {
        await BoundedWork.map(characters, .mixed) { character in await outcome(character) }
    }

    /// Each character with its thumbnail or error, handed to `output` in the characters' order
    /// as soon as it and those before it are in: a list prints while later avatars still load.
    public func inOrder(_ characters: [RMCharacter], output: (RMCharacter, Result<Bitmap, any Error>) -> Void) async {
        await BoundedWork.forEachInOrder(characters, .mixed) { character in
            (character, await outcome(character))
        } output: { character, thumbnail in
            output(character, thumbnail)
        }
    }

    private func outcome(_ character: RMCharacter) async -> Result<Bitmap, any Error> {
        do {
            return .success(try await make(character))
        } catch {
            return .failure(error)
        }
    }
}
