import LoupePipeline
import LoupeImaging
import Logging
import RickAndMortyAPI
import UseCases

/// Browse's avatars, from the image pipeline: each as the thumbnail a part of the screen asks
/// for, or `nil` when it cannot be had (the reason goes to the log) or the screen moved on.
struct BrowseAvatars: Sendable {
    let images: ImagePipeline
    let art: AvatarArt
    /// Not the terminal browse draws on: `rickdex browse -v 2>browse.log` gives it a file.
    let logger: Logger

    /// `character`'s avatar as `variant`.
    func load(_ character: RMCharacter, _ variant: AvatarVariant) async -> Bitmap? {
        do {
            let bitmap = try await images.image(for: art.request(variant, for: character)).image
            return Task.isCancelled ? nil : bitmap
        } catch {
            if !Task.isCancelled {
                logger.debug(
                    "avatar shown as a placeholder",
                    metadata: ["character": "\(character.id)", "image": "\(character.image)", "reason": "\(error)"])
            }
            return nil
        }
    }

    /// `character`'s avatar as `variant`, or its placeholder: the detail screen always has one.
    func loadOrPlaceholder(_ character: RMCharacter, _ variant: AvatarVariant) async -> Bitmap {
        await load(character, variant)
            ?? AvatarPlaceholder.bitmap(for: character, size: variant.pixels(perColumn: art.pixelsPerColumn))
    }

    /// Each avatar of `characters` asked about again, all at once (the transport's limit per
    /// host paces them): those that changed, and how many did not.
    func refreshed(_ characters: [RMCharacter], _ variant: AvatarVariant) async -> (changed: [Int: Bitmap], unchanged: Int) {
        let answers = await withTaskGroup(of: (Int, Bitmap?).self) { group in
            for character in characters {
                group.addTask {
                    let request = art.request(variant, for: character)
                    // Asked again even when fresh (a 304 keeps the copy); only a new image is redrawn.
                    let original = try? await images.data(
                        for: ImageRequest(character.image, options: .reloadRevalidatingCachedData))
                    guard original?.urlResponse?.status == .ok else { return (character.id, nil) }
                    images.cache.removeCachedImage(for: request)
                    return (character.id, try? await images.image(for: request).image)
                }
            }
            return await group.reduce(into: [(Int, Bitmap?)]()) { $0.append($1) }
        }
        let changed = Dictionary(answers.compactMap { id, bitmap in bitmap.map { (id, $0) } }, uniquingKeysWith: { $1 })
        return (changed, answers.count - changed.count)
    }
}
