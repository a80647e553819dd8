import BlockArt
import RickAndMortyAPI

/// The note on stderr when the item shown shares its name: the others, with what tells them
/// apart, and how to ask for one.
struct Namesakes: CustomStringConvertible {
    let shown: any APIResource
    let others: [any APIResource]

    /// The note for `shown` and its namesakes; `nil` when it has none.
    init?(shown: any APIResource, others: [any APIResource]) {
        guard !others.isEmpty else { return nil }
        self.shown = shown
        self.others = others
    }

    /// The results named exactly `name` (any case), when there are two or more: the first as
    /// shown, the rest as its namesakes.
    init?<Resource: APIResource>(_ name: String, among results: [Resource]) {
        let named = results.filter { $0.name.lowercased() == name.trimmingWhitespace().lowercased() }
        guard let first = named.first else { return nil }
        self.init(shown: first, others: Array(named.dropFirst()))
    }

    var description: String {
        let kind = type(of: shown).kind.rawValue
        let command = kind == "character" ? "show" : kind
        let name = TerminalText.sanitize(shown.name)
        let count = others.count
        return (["rickdex: \(count) other \(kind)\(count == 1 ? " is" : "s are") named “\(name)”:"]
            + others.map { Distinction.row($0) }
            + ["  Shown: #\(shown.id). Another: rickdex \(command) \(others[0].id)"]).joined(separator: "\n")
    }
}

/// What tells items of one name apart, in a line: a character's status, species, origin and
/// last location; a location's type and dimension; an episode's code. Text from the API,
/// sanitized.
enum Distinction {
    /// `   290  Rick Sanchez  Dead · Human · from … · at …`, ids right-aligned to 4 columns.
    static func row(_ item: any APIResource) -> String {
        let clean = TerminalText.sanitize
        let id = String(item.id)
        let line =
            switch item {
            case let character as RMCharacter:
                [
                    character.status.rawValue, clean(character.species), "from " + clean(character.origin.name),
                    "at " + clean(character.location.name),
                ].joined(separator: " · ")
            case let location as Location:
                [location.type, location.dimension].map { clean($0.isEmpty ? "—" : $0) }.joined(separator: " · ")
            case let episode as Episode: clean(episode.code) + " · " + clean(episode.airDate)
            default: ""
            }
        return "  " + String(repeating: " ", count: max(0, 4 - id.count)) + id + "  " + clean(item.name) + "  " + line
    }
}

/// The note on stderr when a name fits several items, none by its whole name, and the one most
/// people mean is shown (`NamedItem.mostMeant`): which rule chose it, and the others with what
/// tells them apart.
struct SeveralFit: CustomStringConvertible {
    let typed: String
    let shown: any APIResource
    /// The other fits, closest first (five are listed).
    let others: [any APIResource]
    /// How many the API matched in all.
    let total: Int

    var description: String {
        let kind = type(of: shown).kind.rawValue
        let command = kind == "character" ? "show" : kind
        let rule =
            switch shown {
            case is RMCharacter: "the one in the most episodes"
            case is Location: "the one with the most residents"
            default: "the first"
            }
        let rows = others.prefix(5).map { Distinction.row($0) }
        let more = total - 1 > rows.count ? ["  … and \(total - 1 - rows.count) more"] : []
        return (["rickdex: '\(TerminalText.sanitize(typed))' fits \(total) \(kind)s; shown: "
            + "\(TerminalText.sanitize(shown.name)) (#\(shown.id)), \(rule). The others:"]
            + rows + more + ["  Another: rickdex \(command) \(others.first?.id ?? shown.id)"]).joined(separator: "\n")
    }
}
