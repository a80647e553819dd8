import RickAndMortyAPI

/// One character or location found by what a user types for it, as `show` and `location` take
/// it: the one whose name is exactly that (any case; among namesakes, the lowest id, the others
/// named beside it), else the only one whose name starts with it, else the only one whose name
/// contains it. Otherwise the candidates, to list with what tells them apart.
public enum NameLookup {
    /// What a name found.
    public enum Outcome<Model: Sendable>: Sendable {
        /// The one meant; `namesakes`: the others with exactly its name, by id (people say "Rick
        /// Sanchez" for the first and mean him).
        case found(Model, namesakes: [Model])
        /// More than one fits: the closest kind of fit first (exact, then start, then part), and
        /// how many the API matched in all.
        case several([Model], total: Int)
        case none
    }

    /// The most candidates read: five pages of the API's twenty.
    public static let candidateLimit = 100

    /// Asks `client` for the items whose name contains `text` (the API's `name` filter), reading
    /// at most `candidateLimit` of them, and picks one.
    public static func find<Resource: APIResource>(
        _ text: String, _ type: Resource.Type, client: any RickAndMortyClient
    ) async throws -> Outcome<Resource> {
        let query = ResourceQuery<Resource>(filters: [.name: text])
        var candidates: [Resource] = []
        var total = 0
        for try await page in client.pages(query) {
            candidates += page.items
            total = page.count
            if candidates.count >= candidateLimit { break }
        }
        return pick(text, among: candidates, total: total, name: \.name)
    }

    /// The pick among `candidates` whose names contain `text`.
    public static func pick<Model: Sendable>(
        _ text: String, among candidates: [Model], total: Int, name: (Model) -> String
    ) -> Outcome<Model> {
        guard !candidates.isEmpty else { return .none }
        let wanted = text.lowercased()
        let exact = candidates.filter { name($0).lowercased() == wanted }
        // The candidates come in id order: the first exact fit has the lowest id.
        if let first = exact.first { return .found(first, namesakes: Array(exact.dropFirst())) }
        let starting = candidates.filter { name($0).lowercased().hasPrefix(wanted) }
        // A partial fit is the only one only when every candidate was read.
        if candidates.count >= total {
            for fits in [starting, candidates] where fits.count == 1 { return .found(fits[0], namesakes: []) }
        }
        let ordered = starting + candidates.filter { !name($0).lowercased().hasPrefix(wanted) }
        return .several(ordered, total: max(total, candidates.count))
    }
}
