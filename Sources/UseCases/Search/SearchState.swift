import RickAndMortyAPI

/// What a search screen shows, driven by `SearchSession`, for a query of type `Query`.
package enum SearchState<Query: SearchQuery>: Sendable, Hashable {
    /// No query yet (or an empty one).
    case idle
    /// A search for `query` is in flight.
    case loading(query: Query)
    /// The first page of results for `query`.
    case loaded(query: Query, page: Page<RMCharacter>)
    /// `query` matched nothing.
    case empty(query: Query)
    /// The search for `query` failed; `error` says why.
    case failed(query: Query, error: CapturedError)

    /// The query this state belongs to, `nil` when idle.
    package var query: Query? {
        switch self {
        case .idle: nil
        case .loading(let query), .loaded(let query, _), .empty(let query), .failed(let query, _): query
        }
    }
}
