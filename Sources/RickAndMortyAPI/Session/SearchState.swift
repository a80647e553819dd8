/// What a search screen shows, driven by `SearchSession`.
public enum SearchState: Sendable, Hashable {
    /// No query yet (or an empty one).
    case idle
    /// A search for `query` is in flight.
    case loading(query: String)
    /// The first page of results for `query`.
    case loaded(query: String, page: Page<RMCharacter>)
    /// `query` matched nothing.
    case empty(query: String)
    /// The search for `query` failed; `message` says why.
    case failed(query: String, message: String)

    /// The query this state belongs to, `nil` when idle.
    public var query: String? {
        switch self {
        case .idle: nil
        case .loading(let query), .loaded(let query, _), .empty(let query), .failed(let query, _): query
        }
    }
}
