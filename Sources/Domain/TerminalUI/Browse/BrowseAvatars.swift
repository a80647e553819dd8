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

    /// Each avatar of `characters` asked about again, in the list's order (the rows on screen
    /// first), as many at once as the pipeline loads: those that changed, and how many did not.
    /// The pipeline's own limit bounds the downloads either way; the window keeps a lower row
    /// from taking a slot before the rows above it.
    func refreshed(_ characters: [RMCharacter], _ variant: AvatarVariant) async -> (changed: [Int: Bitmap], unchanged: Int) {
        let width = images.configuration.dataLoadingLimit
        var changed: [Int: Bitmap] = [:]
        await withTaskGroup(of: (Int, Bitmap?).self) { group in
            for (row, character) in characters.enumerated() {
                if row >= width, let (id, bitmap) = await group.next() { changed[id] = bitmap }
                group.addTask { (character.id, await refreshed(character, variant)) }
            }
            for await (id, bitmap) in group { changed[id] = bitmap }
        }
        return (changed, characters.count - changed.count)
    }

    /// `character`'s avatar asked about again even when fresh (a 304 keeps the copy): the new
    /// image, or `nil` when it did not change or cannot be had.
    private func refreshed(_ character: RMCharacter, _ variant: AvatarVariant) async -> Bitmap? {
        let request = art.request(variant, for: character)
        let original = try? await images.data(for: ImageRequest(character.image, options: .reloadRevalidatingCachedData))
        guard original?.urlResponse?.status == .ok else { return nil }
        images.cache.removeCachedImage(for: request)
        return try? await images.image(for: request).image
    }
}
