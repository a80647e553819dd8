import LoupeHTTP
import Synchronization
import Testing
import UseCases

@testable import RickAndMortyAPI

@Suite struct SearchSessionTests {
    /// A search whose answers the test releases one by one, recording what was asked.
    final class ControlledSearch: Sendable {
        private let state = Mutex<(queries: [String], waiting: [String: CheckedContinuation<Page<RMCharacter>, any Error>])>(
            ([], [:]))

        var queries: [String] { state.withLock { $0.queries } }

        func search(_ query: String) async throws -> Page<RMCharacter> {
            try await withCheckedThrowingContinuation { continuation in
                state.withLock {
                    $0.queries.append(query)
                    $0.waiting[query] = continuation
                }
            }
        }

        func waitForQuery(count: Int) async {
            for _ in 0..<100_000 where queries.count < count {
                await Task.yield()
            }
        }

        func answer(_ query: String, with page: Page<RMCharacter>) {
            let continuation = state.withLock { $0.waiting.removeValue(forKey: query) }
            continuation?.resume(returning: page)
        }

        func fail(_ query: String, with error: any Error) {
            let continuation = state.withLock { $0.waiting.removeValue(forKey: query) }
            continuation?.resume(throwing: error)
        }
    }

    static let onePage = Page(
        number: 1, count: 1, pages: 1,
        items: [
            RMCharacter(
                id: 1, name: "Rick Sanchez", status: .alive, species: "Human", type: "", gender: .male,
                origin: PlaceReference(name: "Earth", id: 1), location: PlaceReference(name: "Citadel", id: 3),
                image: TestURL.avatar, episodeIDs: [1], created: .init(timeIntervalSince1970: 0))
        ])

    /// Types `query` and lets the debounce interval pass.
    func type(_ query: String, into session: SearchSession<String, TestClock>, on clock: TestClock) async {
        session.update(query: query)
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(300))
    }

    @Test func debouncesTrimsAndPublishesTheResult() async throws {
        let clock = TestClock()
        let backend = ControlledSearch()
        let session = SearchSession(clock: clock, search: backend.search)
        var states = session.states.makeAsyncIterator()
        #expect(await states.next() == .idle)

        session.update(query: "r")
        session.update(query: "  rick ")
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(299))
        await Task.yield()
        #expect(backend.queries.isEmpty, "nothing is searched before 300 ms of quiet")
        clock.advance(by: .milliseconds(1))
        #expect(await states.next() == .loading(query: "rick"))
        await backend.waitForQuery(count: 1)
        #expect(backend.queries == ["rick"])
        backend.answer("rick", with: Self.onePage)
        #expect(await states.next() == .loaded(query: "rick", page: Self.onePage))
        session.finish()
    }

    @Test func aNewerQueryCancelsTheOldOneAndItsResultIsNeverShown() async throws {
        let clock = TestClock()
        let backend = ControlledSearch()
        let session = SearchSession(clock: clock, search: backend.search)
        var states = session.states.makeAsyncIterator()
        #expect(await states.next() == .idle)

        await type("rick", into: session, on: clock)
        #expect(await states.next() == .loading(query: "rick"))
        await backend.waitForQuery(count: 1)

        await type("morty", into: session, on: clock)
        #expect(await states.next() == .loading(query: "morty"))
        await backend.waitForQuery(count: 2)
        // The stale search answers late: it must not be published.
        backend.answer("rick", with: Self.onePage)
        backend.answer("morty", with: .empty(number: 1))
        #expect(await states.next() == .empty(query: "morty"))
        session.finish()
        #expect(await states.next() == nil)
    }

    @Test func duplicateQueriesAreDroppedAndEmptyMeansIdle() async throws {
        let clock = TestClock()
        let backend = ControlledSearch()
        let session = SearchSession(clock: clock, search: backend.search)
        var states = session.states.makeAsyncIterator()
        #expect(await states.next() == .idle)

        await type("rick", into: session, on: clock)
        #expect(await states.next() == .loading(query: "rick"))
        await backend.waitForQuery(count: 1)
        backend.answer("rick", with: Self.onePage)
        #expect(await states.next() == .loaded(query: "rick", page: Self.onePage))

        await type("rick  ", into: session, on: clock)
        await type("   ", into: session, on: clock)
        #expect(await states.next() == .idle)
        #expect(backend.queries == ["rick"], "the repeated query was not searched again")
        session.finish()
    }

    @Test func aFailureBecomesAnErrorState() async throws {
        let clock = TestClock()
        let backend = ControlledSearch()
        let session = SearchSession(clock: clock, search: backend.search)
        var states = session.states.makeAsyncIterator()
        #expect(await states.next() == .idle)
        await type("rick", into: session, on: clock)
        #expect(await states.next() == .loading(query: "rick"))
        await backend.waitForQuery(count: 1)
        let refused = APIError.transport(.unreachable(host: "example.invalid", cause: .system(.connectionRefused)))
        backend.fail("rick", with: refused)
        let state = await states.next()
        guard case .failed(let query, let failure)? = state else {
            Issue.record("expected a failure, got \(String(describing: state))")
            return
        }
        #expect(query == "rick")
        #expect(failure.error as? APIError == refused, "the error itself, not a sentence about it")
        #expect(failure.description == "cannot reach example.invalid (connection refused)")
        session.finish()
    }
}
