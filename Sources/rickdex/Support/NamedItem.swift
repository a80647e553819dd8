import BlockArt
import RickAndMortyAPI
import UseCases

/// What `show` and `location` take: an id, or a name (or the start of one) that `NameLookup`
/// resolves. A whole name shared by several shows the lowest id and names the others on stderr;
/// several partial fits or none become errors that list them or name the nearest names.
enum NamedItem {
    /// The item `text` names: by id when it is a number, else by name. The nearest names for
    /// one that fits none come from what `options`' API is known to hold (`KnownEntries`).
    static func resolve<Resource: APIResource>(
        _ text: String, _ type: Resource.Type, connection: APIConnection, options: GlobalOptions
    ) async throws -> Resource {
        let client = connection.client
        if let number = Int(text) { return try await client.item(type, id: number) }
        let kind = Resource.kind.rawValue
        switch try await NameLookup.find(text, type, client: client) {
        case .found(let item, let namesakes):
            if let note = Namesakes(shown: item, others: namesakes) { StandardStreams.error(note.description + "\n") }
            return item
        case .several(let items, let total):
            throw AmbiguousName(typed: text, candidates: items, total: total)
        case .none:
            let nearest = Spelling.suggestions(for: text, in: knownNames(Resource.kind, options))
                .map { TerminalText.sanitize($0.term) }
            throw NotFound(
                what: "\(kind) '\(TerminalText.sanitize(text))'",
                hint: nearest.isEmpty ? nil : "Did you mean \(nearest.joined(separator: ", "))?")
        }
    }

    private static func knownNames(_ kind: ResourceKind, _ options: GlobalOptions) -> [String] {
        let known = KnownEntries.lookUp(setting: options.apiSetting, cache: options.cache, [kind])
        return known.characters.map(\.name) + known.episodes.map(\.name) + known.locations.map(\.name)
    }
}
