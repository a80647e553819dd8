import ContactSheet
import LoupeImaging
import RickAndMortyAPI
import LoupeToolbox

/// A contact sheet of characters as `sheet` and `export --sheet` write it: each one's round avatar
/// (a plain disc where it could not be had), name, and a line of detail, or five.
package struct CharacterSheet: Sendable {
    /// The encoded sheet, and the avatars that could not be had.
    package struct Drawn: Sendable {
        package var bytes: [UInt8]
        package var failures: [BatchFailure]
    }

    package var layout: SheetLayout
    /// Five lines of detail (status and species, gender, origin, location, episodes), not one.
    package var full: Bool

    package init(layout: SheetLayout, full: Bool = false) {
        self.layout = layout
        self.full = full
    }

    /// The pixel size of the sheet of `count` characters, known before any avatar is had.
    package func size(count: Int) -> (width: Int, height: Int) {
        layout.size(count: count, lines: full ? 5 : 1)
    }

    package func draw(_ characters: [RMCharacter], thumbnails: AvatarThumbnails, format: ImageFormat = .png) async throws
        -> Drawn
    {
        let made = await thumbnails.all(characters)
        let entries = zip(characters, made).map { character, thumbnail in entry(character, thumbnail: try? thumbnail.get()) }
        let failures = zip(characters, made).compactMap { character, thumbnail -> BatchFailure? in
            guard case .failure(let error) = thumbnail else { return nil }
            return BatchFailure(.avatar(id: character.id, name: character.name), error)
        }
        let sheet = layout.render(entries)
        let bytes =
            switch format {
            case .png: try PNGEncoder(singleFilter: true).encode(sheet)
            case .jpeg: try JPEGEncoder(quality: 90).encode(sheet)
            }
        return Drawn(bytes: bytes, failures: failures)
    }

    /// A character's cell; its text cleaned of control characters, as everything from the network.
    func entry(_ character: RMCharacter, thumbnail: Bitmap?) -> SheetEntry {
        let clean = UntrustedText.stripped
        var lines = ["\(character.status.rawValue) · \(clean(character.species))"]
        if full {
            lines += [
                character.gender.rawValue,
                "From \(clean(character.origin.name))",
                "At \(clean(character.location.name))",
                "\(character.episodeIDs.count) episode\(character.episodeIDs.count == 1 ? "" : "s")",
            ]
        }
        return SheetEntry(
            thumbnail: thumbnail, title: clean(character.name), lines: lines, dot: StatusColors.ring(for: character.status))
    }
}
