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
        let spelled = Set(known.filter { NameFolding.fold($0).contains(folded) })
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
            let fitting = candidates.filter { NameFolding.fold($0.name).contains(folded) }
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
        let names = candidates.map { NameFolding.fold(name($0)) }
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
