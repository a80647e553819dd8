import RickAndMortyAPI

/// One character, episode or location found by what a user types for it, as `show`, `episode`
/// and `location` take it: the one whose name is exactly that (compared folded: any case,
/// accents, apostrophes and periods as `NameFolding` says; among namesakes, the lowest id, the
/// others named beside it), else the only one whose name starts with it, else the only one
/// whose name contains it. Otherwise the candidates, to list with what tells them apart.
package enum NameLookup {
    /// What a name found.
    package enum Outcome<Model: Sendable>: Sendable {
        /// The one meant; `namesakes`: the others with exactly its name, by id (people say "Rick
        /// Sanchez" for the first and mean him).
        case found(Model, namesakes: [Model])
        /// More than one fits: the closest kind of fit first (exact, then start, then part), and
        /// how many the API matched in all.
        case several([Model], total: Int)
        case none
    }

    /// The most candidates read: five pages of the API's twenty.
    package static let candidateLimit = 100
    /// How many of several fits are fetched to be named: the one shown and five others.
    package static let severalNamed = 6

    /// The item `text` names among the entries of `Resource`'s kind in `index`, when it holds that
    /// kind whole; then only what is picked is asked of `client`, by id. Otherwise as
    /// `find(_:_:client:known:)`.
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

    /// Asks `client` for the items whose name contains `text` (the API's `name` filter), reading
    /// at most `candidateLimit` of them, and picks one. The API matches the text as typed, so
    /// when nothing fits it (`mr poopybutthole` for "Mr. Poopybutthole"), its words are asked for
    /// instead, longest first, and the candidates compared folded; `known` (names the cache or the
    /// bundled data hold) finds what no word of the API's can (`martinez` for "Martínez").
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

    /// The pick among `candidates` whose names contain `text` (folded).
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
        let startingIndices = candidates.indices.filter { names[$0].hasPrefix(wanted) }
        let starting = startingIndices.map { candidates[$0] }
        // A partial fit is the only one only when every candidate was read.
        if candidates.count >= total {
            for fits in [starting, candidates] where fits.count == 1 { return .found(fits[0], namesakes: []) }
        }
        let ordered = starting + candidates.indices.filter { !names[$0].hasPrefix(wanted) }.map { candidates[$0] }
        return .several(ordered, total: max(total, candidates.count))
    }
}
