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
            ("Created", CalendarDay(character.created).abbreviated),
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

/// A date's day in UTC on the Gregorian calendar, found by arithmetic (Howard Hinnant's
/// `civil_from_days`), so that showing a date needs no locale or time-zone tables.
struct CalendarDay: Hashable {
    var year: Int
    var month: Int
    var day: Int
}

extension CalendarDay {
    /// The UTC day `date` falls on.
    init(_ date: Date) {
        let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down)) + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// "Nov 4, 2017", as `Date.FormatStyle(date: .abbreviated)` writes it in `en_US_POSIX`.
    var abbreviated: String {
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(names[month - 1]) \(day), \(year)"
    }
}

/// `episode`'s shape: the episode and its cast (`rickdex episode --json`).
package struct EpisodeDetail: Encodable, Sendable {
    package var episode: Episode
    package var characters: [RMCharacter]

    package init(episode: Episode, characters: [RMCharacter]) {
        self.episode = episode
        self.characters = characters
    }
}

/// `location`'s shape: the place and who lives there (`rickdex location --json`).
package struct LocationDetail: Encodable, Sendable {
    package var location: Location
    package var residents: [RMCharacter]

    package init(location: Location, residents: [RMCharacter]) {
        self.location = location
        self.residents = residents
    }
}
