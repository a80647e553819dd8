import RickAndMortyAPI

/// One character or location found by what a user types for it, as `show` and `location` take
/// it: the one whose name is exactly that (any case), else the one whose name starts with it,
/// else the one whose name contains it. Otherwise the candidates, to list with their ids.
public enum NameLookup {
    /// What a name found.
    public enum Outcome<Model: Sendable>: Sendable {
        case found(Model)
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
        let starting = candidates.filter { name($0).lowercased().hasPrefix(wanted) }
        // A fit is the only one only when every candidate was read.
        if candidates.count >= total {
            for fits in [exact, starting, candidates] where fits.count == 1 { return .found(fits[0]) }
        }
        let ordered =
            exact + starting.filter { name($0).lowercased() != wanted }
            + candidates.filter { !name($0).lowercased().hasPrefix(wanted) }
        return .several(ordered, total: max(total, candidates.count))
    }
}
