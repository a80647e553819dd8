import LoupeToolbox

/// Reads the Rick and Morty API: filtered pages, single items and batches. Throws `APIError`: an
/// unknown id is `notFound`; ids missing from a batch are left out, as the real API does.
public protocol RickAndMortyClient: Sendable {
    func page<Resource: APIResource>(_ query: ResourceQuery<Resource>) async throws -> Page<Resource>
    func item<Resource: APIResource>(_ type: Resource.Type, id: Int) async throws -> Resource
    func items<Resource: APIResource>(_ type: Resource.Type, ids: [Int]) async throws -> [Resource]
}

extension RickAndMortyClient {
    /// Every page of `query` from its page on, following the API's `next` links.
    public func pages<Resource: APIResource>(_ query: ResourceQuery<Resource>) -> PageSequence<Resource> {
        PageSequence(firstPage: query.page) { number in try await page(query.at(page: number)) }
    }

    /// Every page of `query` from its page on, in order (`everyPage`); throws the first failure.
    public func allPages<Resource: APIResource>(_ query: ResourceQuery<Resource>) async throws -> [Page<Resource>] {
        try await everyPage(query).sorted { $0.key < $1.key }.map { try $0.value.get() }
    }

    /// Every page of `query` from its page on, by number: that page first (its failure is thrown),
    /// then the rest as `pages(_:numbers:)` has them. `arrived` sees each outcome as it comes.
    public func everyPage<Resource: APIResource>(
        _ query: ResourceQuery<Resource>, arrived: (Int, Result<Page<Resource>, any Error>) -> Void = { _, _ in }
    ) async throws -> [Int: Result<Page<Resource>, any Error>] {
        let first = try await page(query)
        arrived(query.page, .success(first))
        guard first.hasNext else { return [query.page: .success(first)] }
        var outcomes = await pages(query, numbers: Array((query.page + 1)...first.pages), arrived: arrived)
        outcomes[query.page] = .success(first)
        return outcomes
    }

    /// Pages `numbers` of `query`, a window at a time (`Workload.transfers`), each one's outcome kept
    /// and seen by `arrived` as it comes. The listing ends at its first empty page, whatever the
    /// first page's count said: a page after it is not asked for, and reads as empty.
    public func pages<Resource: APIResource>(
        _ query: ResourceQuery<Resource>, numbers: [Int],
        arrived: (Int, Result<Page<Resource>, any Error>) -> Void = { _, _ in }
    ) async -> [Int: Result<Page<Resource>, any Error>] {
        var outcomes = [Int: Result<Page<Resource>, any Error>]()
        let firstEmpty = Locked(Int.max)
        await BoundedWork.forEachAsCompleted(numbers, .transfers) { number -> Result<Page<Resource>, any Error> in
            guard number < firstEmpty.withLock({ $0 }) else { return .success(.empty(number: number)) }
            do {
                let page = try await page(query.at(page: number))
                if page.items.isEmpty { firstEmpty.withLock { $0 = min($0, number) } }
                return .success(page)
            } catch {
                return .failure(error)
            }
        } completed: { number, outcome in
            outcomes[number] = outcome
            arrived(number, outcome)
        }
        return outcomes
    }

    public func characters(_ query: CharacterQuery) async throws -> Page<RMCharacter> { try await page(query) }
    public func character(id: Int) async throws -> RMCharacter { try await item(RMCharacter.self, id: id) }
    public func characters(ids: [Int]) async throws -> [RMCharacter] { try await items(RMCharacter.self, ids: ids) }

    public func episodes(_ query: EpisodeQuery) async throws -> Page<Episode> { try await page(query) }
    public func episode(id: Int) async throws -> Episode { try await item(Episode.self, id: id) }
    public func episodes(ids: [Int]) async throws -> [Episode] { try await items(Episode.self, ids: ids) }

    public func locations(_ query: LocationQuery) async throws -> Page<Location> { try await page(query) }
    public func location(id: Int) async throws -> Location { try await item(Location.self, id: id) }
    public func locations(ids: [Int]) async throws -> [Location] { try await items(Location.self, ids: ids) }
}

/// The pages of one query, one after another while another follows and the last was not empty.
public struct PageSequence<Item: Sendable & Hashable & Codable>: AsyncSequence, Sendable {
    public typealias Element = Page<Item>

    let firstPage: Int
    let fetch: @Sendable (Int) async throws -> Page<Item>

    public struct AsyncIterator: AsyncIteratorProtocol {
        var number: Int?
        let fetch: @Sendable (Int) async throws -> Page<Item>

        public mutating func next() async throws -> Page<Item>? {
            guard let current = number else { return nil }
            let page = try await fetch(current)
            number = page.hasNext && !page.items.isEmpty ? current + 1 : nil
            return page
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(number: firstPage, fetch: fetch)
    }

    public func allItems() async throws -> [Item] {
        var items: [Item] = []
        for try await page in self {
            items += page.items
        }
        return items
    }
}
