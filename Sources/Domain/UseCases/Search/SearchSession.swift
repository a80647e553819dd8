import AsyncAlgorithms
import FoundationEssentials
import RickAndMortyAPI
import LoupeToolbox

/// Turns keystrokes into search results: queries normalized, debounced (on an injectable clock),
/// repeats dropped; a new query cancels the search in flight, and a result is published only
/// while its query is the latest. `update(query:)` may be called from any task.
package final class SearchSession<Query: SearchQuery, C: Clock>: Sendable where C.Duration == Duration {
    /// Every state in order, starting with `.idle`; finishes after `finish()`.
    package let states: AsyncStream<SearchState<Query>>
    private let input: AsyncStream<Query>.Continuation
    private let driver: Task<Void, Never>

    /// `search` runs for a normalized, non-empty query once typing has paused for `debounce`.
    package init(
        debounce: Duration = .milliseconds(300), clock: C,
        search: @escaping @Sendable (Query) async throws -> Page<RMCharacter>
    ) {
        let (states, output) = AsyncStream.makeStream(of: SearchState<Query>.self)
        let (queries, input) = AsyncStream.makeStream(of: Query.self)
        self.states = states
        self.input = input
        output.yield(.idle)
        // The generation of the latest query; publishing happens under this lock so a result can
        // never slip in after a newer query's `.loading`.
        let latest = Locked(0)
        driver = Task {
            var inFlight: Task<Void, Never>?
            let settled =
                queries
                .map { $0.normalized }
                .debounce(for: debounce, clock: clock)
                .removeDuplicates()
            for await query in settled {
                inFlight?.cancel()
                let generation = latest.withLock { current in
                    current += 1
                    output.yield(query.isEmpty ? .idle : .loading(query: query))
                    return current
                }
                guard !query.isEmpty else { continue }
                inFlight = Task {
                    let state: SearchState<Query>
                    do {
                        let page = try await search(query)
                        state = page.items.isEmpty ? .empty(query: query) : .loaded(query: query, page: page)
                    } catch {
                        if Task.isCancelled || error is CancellationError { return }
                        state = .failed(query: query, error: CapturedError(error))
                    }
                    latest.withLock { current in
                        if current == generation, !Task.isCancelled { output.yield(state) }
                    }
                }
            }
            inFlight?.cancel()
            await inFlight?.value
            output.finish()
        }
    }

    /// The search field's new value.
    package func update(query: Query) {
        input.yield(query)
    }

    /// Ends the session: `states` finishes once the pending work is done or cancelled.
    package func finish() {
        input.finish()
    }

    deinit {
        input.finish()
    }
}

extension SearchSession where C == ContinuousClock {
    /// A session on the real clock.
    package convenience init(
        debounce: Duration = .milliseconds(300), search: @escaping @Sendable (Query) async throws -> Page<RMCharacter>
    ) {
        self.init(debounce: debounce, clock: ContinuousClock(), search: search)
    }
}

/// A value a search field produces: the text typed, or the text and its filters.
package protocol SearchQuery: Sendable, Hashable {
    /// The query as searched: surrounding white space trimmed, say.
    var normalized: Self { get }
    /// Whether there is nothing to search for (the session goes back to `.idle`).
    var isEmpty: Bool { get }
}

extension String: SearchQuery {
    /// Trimmed of surrounding white space and line breaks.
    package var normalized: String { trimmingWhitespace() }
}

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

}

/// An error kept as a value inside a state that compares (`SearchState`, browse's screens); equal
/// when they describe the same failure.
package struct CapturedError: Error, Sendable, Hashable, CustomStringConvertible {
    package let error: any Error

    package init(_ error: any Error) {
        self.error = error
    }

    package var description: String { "\(error)" }

    package static func == (lhs: CapturedError, rhs: CapturedError) -> Bool {
        lhs.description == rhs.description
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }
}
