import BlockArt
import FoundationEssentials
import RickAndMortyAPI

/// `show`'s text: the character's fields, then the episodes it appears in.
package struct CharacterDetail: Encodable, Sendable {
    package var character: RMCharacter
    package var episodes: [Episode]

    package init(character: RMCharacter, episodes: [Episode]) {
        self.character = character
        self.episodes = episodes
    }

    /// The episodes the character names that the API did not answer for, as the text says them.
    package var missingEpisodeIDs: [Int] {
        let answered = Set(episodes.map(\.id))
        return character.episodeIDs.filter { !answered.contains($0) }
    }

    private enum CodingKeys: String, CodingKey {
        case character, episodes, missingEpisodeIDs
    }

    /// `show --json`: the character, its episodes, and the ids of those the API lacks.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(character, forKey: .character)
        try container.encode(episodes, forKey: .episodes)
        try container.encode(missingEpisodeIDs, forKey: .missingEpisodeIDs)
    }

    /// "Nov 4, 2017", in UTC, whatever the machine's locale.
    package static func format(_ date: Date) -> String {
        CalendarDay(date).abbreviated
    }

    package func render(style: Style) -> String {
        let parts = lines(style: style)
        return (parts.fields + [""] + parts.episodes).joined(separator: "\n")
    }

    /// The name and fields (what goes beside an avatar), and the episode list (what goes below).
    package func lines(style: Style) -> (fields: [String], episodes: [String]) {
        let clean = TerminalText.sanitize
        let fields: [(String, String)] = [
            ("Status", style.status(character.status)),
            ("Species", clean(character.species)),
            ("Type", character.type.isEmpty ? "—" : clean(character.type)),
            ("Gender", character.gender.rawValue),
            ("Origin", clean(character.origin.name)),
            ("Location", clean(character.location.name)),
            ("Created", Self.format(character.created)),
        ]
        var lines = [style.bold(clean(character.name)) + style.dim("  #\(character.id)")]
        lines += fields.map { "  " + style.dim(TerminalText.pad($0.0, toColumns: 9)) + " " + $0.1 }
        var episodeLines = [style.bold("Episodes (\(character.episodeIDs.count))")]
        let byID = Dictionary(episodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for id in character.episodeIDs {
            if let episode = byID[id] {
                episodeLines.append("  " + TerminalText.pad(clean(episode.code), toColumns: 7) + " " + clean(episode.name))
            } else {
                episodeLines.append("  " + style.dim("episode \(id) (not in this API's data)"))
            }
        }
        return (lines, episodeLines)
    }
}
