import BlockArt
import RickAndMortyAPI

/// What tells items of one name apart, in a line: a character's status, species, origin and
/// last location; a location's type and dimension; an episode's code. Text from the API,
/// sanitized.
enum Distinction {
    static func line(_ item: any APIResource) -> String {
        let clean = TerminalText.sanitize
        switch item {
        case let character as RMCharacter:
            return [
                character.status.rawValue, clean(character.species), "from " + clean(character.origin.name),
                "at " + clean(character.location.name),
            ].joined(separator: " · ")
        case let location as Location:
            return [location.type, location.dimension].map { clean($0.isEmpty ? "—" : $0) }.joined(separator: " · ")
        case let episode as Episode:
            return clean(episode.code) + " · " + clean(episode.airDate)
        default:
            return ""
        }
    }

    /// `   290  Rick Sanchez  Dead · Human · from … · at …`, ids right-aligned to `width`.
    static func row(_ item: any APIResource, idWidth width: Int = 4) -> String {
        let id = String(item.id)
        return "  " + String(repeating: " ", count: max(0, width - id.count)) + id + "  "
            + TerminalText.sanitize(item.name) + "  " + line(item)
    }
}
