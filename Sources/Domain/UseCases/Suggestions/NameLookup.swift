import RickAndMortyAPI

/// One item found by what a user types for it (`show`, `episode`, `location`): the one whose
/// folded name is exactly that (among namesakes the lowest id), else the only one whose name
/// starts with it, else the only one that contains it; otherwise the candidates.
package enum NameLookup {
    package enum Outcome<Model: Sendable>: Sendable {
        /// `namesakes`: the others with exactly its name, by id.
        case found(Model, namesakes: [Model])
        /// The closest kind of fit first (exact, start, part), and how many the API matched in all.
        case several([Model], total: Int)
        case none
    }

    /// The most candidates read: five pages of the API's twenty.
    package static let candidateLimit = 100
    /// How many of several fits are fetched to be named: the one shown and five others.
    package static let severalNamed = 6

    /// The item `text` names in `index` when it holds the kind whole (only what is picked is
    /// fetched, by id); otherwise as `find(_:_:client:known:)`.
    package static func find<Resource: APIResource>(
        _ text: String, _ type: Resource.Type, client: any RickAndMortyClient, index: NameIndex, known: [String] = []
    ) async throws -> Outcome<Resource> {
        guard let entries = index[Resource.kind] else { return try await find(text, type, client: client, known: known) }
        let wanted = NameFolding.fold(text)
        let fits = entries.filter { NameFolding.folded($0.folded, contains: wanted) }
        func fetched(_ picked: [NameIndex.Entry]) async throws -> [Resource] {
            let items = Dictionary(try await client.items(type, ids: picked.map(\.id)).map { ($0.id, $0) }) { first, _ in first }
            return picked.compactMap { items[$0.id] }
        }
        switch pick(text, among: fits, total: fits.count, name: \.name) {
        case .none:
            return .none
        case .found(let entry, let namesakes):
            let items = try await fetched([entry] + namesakes)
            guard let first = items.first, first.id == entry.id else { throw APIError.notFound(resource: Resource.kind, id: entry.id) }
            return .found(first, namesakes: Array(items.dropFirst()))
        case .several(let ordered, let total):
            // The one most people mean (the most episodes or residents, then the lowest id) first.
            guard let meant = ordered.min(by: { (-$0.weight, $0.id) < (-$1.weight, $1.id) }) else { return .none }
            let named = [meant] + ordered.filter { $0.id != meant.id }.prefix(severalNamed - 1)
            return .several(try await fetched(named), total: total)
        }
    }

    /// Asks the API's `name` filter for `text` (at most `candidateLimit` items) and picks one. The
    /// API matches as typed, so when nothing fits, its words are asked for instead, and `known`
    /// names find what no word can (`martinez` for "Martínez").
    package static func find<Resource: APIResource>(
        _ text: String, _ type: Resource.Type, client: any RickAndMortyClient, known: [String] = []
    ) async throws -> Outcome<Resource> {
        let folded = NameFolding.fold(text)
        // Then each word of three letters or more, longest first ("lawyer" when "morty's" is
        // spelled "Morty’s" there).
        var asks = [text]
        for word in folded.split(separator: " ").map(String.init).sorted(by: { $0.count > $1.count })
        where word.count >= 3 && !asks.contains(word) {
            asks.append(word)
        }
        // The known names that fold to contain it, as the API spells them: at most a few asks.
        let spelled = Set(known.filter { NameFolding.folded(NameFolding.fold($0), contains: folded) })
        if spelled.count <= 3 { asks += spelled.sorted() }
        var outcome = Outcome<Resource>.none
        for ask in asks {
            let query = ResourceQuery<Resource>(filters: [.name: ask])
            var candidates: [Resource] = []
            var total = 0
            for try await page in client.pages(query) {
                candidates += page.items
                total = page.count
                if candidates.count >= candidateLimit { break }
            }
            let fitting = candidates.filter { NameFolding.folded(NameFolding.fold($0.name), contains: folded) }
            outcome = pick(text, among: fitting, total: candidates.count >= total ? fitting.count : total, name: \.name)
            if case .none = outcome { continue }
            return outcome
        }
        return outcome
    }

    package static func pick<Model: Sendable>(
        _ text: String, among candidates: [Model], total: Int, name: (Model) -> String
    ) -> Outcome<Model> {
        guard !candidates.isEmpty else { return .none }
        let wanted = NameFolding.fold(text)
        // Typed with no apostrophe, a name's own are set aside too ("ricks garage").
        let loose = !wanted.contains("'")
        let names = candidates.map { loose ? NameFolding.loose(NameFolding.fold(name($0))) : NameFolding.fold(name($0)) }
        let exact = candidates.indices.filter { names[$0] == wanted }.map { candidates[$0] }
        // The candidates come in id order: the first exact fit has the lowest id.
        if let first = exact.first { return .found(first, namesakes: Array(exact.dropFirst())) }
        let starting = candidates.indices.filter { names[$0].hasPrefix(wanted) }.map { candidates[$0] }
        // A partial fit is the only one only when every candidate was read.
        if candidates.count >= total {
            for fits in [starting, candidates] where fits.count == 1 { return .found(fits[0], namesakes: []) }
        }
        let ordered = starting + candidates.indices.filter { !names[$0].hasPrefix(wanted) }.map { candidates[$0] }
        return .several(ordered, total: max(total, candidates.count))
    }
}
