import BlockArt
import RickAndMortyAPI
import UseCases

/// What `show`, `episode` and `location` take: an id, or a name (or a part of one) that
/// `NameLookup` resolves, compared folded (`NameFolding`). A whole name shared by several shows
/// the lowest id; a part that fits several shows the one most people mean (`mostMeant`); both
/// name the others on stderr. A name that fits none is an error naming the nearest names.
enum NamedItem {
    /// The item `text` names: by id when it is a number, else by name. The nearest names for
    /// one that fits none come from what the API is known to hold (`APIAccess.known`).
    static func resolve<Resource: APIResource>(_ text: String, _ type: Resource.Type, api: APIAccess) async throws -> Resource {
        let client = api.client
        if let number = Int(text) { return try await client.item(type, id: number) }
        let index = api.names
        let known: [String]
        if let entries = index[Resource.kind] {
            known = entries.map(\.name)
        } else {
            let entries = api.known([Resource.kind])
            known = entries.characters.map(\.name) + entries.episodes.map(\.name) + entries.locations.map(\.name)
        }
        switch try await NameLookup.find(text, type, client: client, index: index, known: known) {
        case .found(let item, let namesakes):
            if let note = Namesakes(shown: item, others: namesakes) { StandardStreams.error(note.description + "\n") }
            return item
        case .several(let items, let total):
            let shown = mostMeant(items)
            let note = SeveralFit(typed: text, shown: shown, others: items.filter { $0.id != shown.id }, total: total)
            StandardStreams.error(note.description + "\n")
            return shown
        case .none:
            let nearest = Spelling.suggestions(for: text, in: known).map { TerminalText.sanitize($0.term) }
            throw NotFound(
                what: "\(Resource.kind.rawValue) '\(TerminalText.sanitize(text))'",
                hint: nearest.isEmpty ? nil : "Did you mean \(nearest.joined(separator: ", "))?")
        }
    }

    /// The fit most people mean by a part of a name: the character in the most episodes, the
    /// location with the most residents, then (and for episodes) the lowest id.
    static func mostMeant<Resource: APIResource>(_ fits: [Resource]) -> Resource {
        func weight(_ item: Resource) -> Int {
            switch item {
            case let character as RMCharacter: character.episodeIDs.count
            case let location as Location: location.residentIDs.count
            default: 0
            }
        }
        return fits.min { (-weight($0), $0.id) < (-weight($1), $1.id) }!
    }
}
