import BlockArt
import RickAndMortyAPI
import UseCases

/// What `show` and `location` take: an id, or a name (or the start of one) that `NameLookup`
/// resolves; several fits or none become errors that list the ids or name the nearest names.
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
        case .found(let item):
            return item
        case .several(let items, let total):
            throw AmbiguousName(typed: text, kind: kind, candidates: items.map { ($0.id, $0.name) }, total: total)
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
