import BlockArt
import ContactSheet
import ImageCache
import Imaging
import RickAndMortyAPI
import UseCases

/// A character's cell on a contact sheet: its avatar, name, and a line or five of detail.
enum SheetEntry {
    static func make(_ character: RMCharacter, thumbnail: Bitmap?, full: Bool) -> ContactSheetEntry {
        let clean = TerminalText.sanitize
        var lines = ["\(character.status.rawValue) · \(clean(character.species))"]
        if full {
            lines += [
                character.gender.rawValue,
                "From \(clean(character.origin.name))",
                "At \(clean(character.location.name))",
                "\(character.episodeIDs.count) episode\(character.episodeIDs.count == 1 ? "" : "s")",
            ]
        }
        return ContactSheetEntry(
            thumbnail: thumbnail, title: clean(character.name), lines: lines, dot: StatusColours.ring(for: character.status))
    }
}
