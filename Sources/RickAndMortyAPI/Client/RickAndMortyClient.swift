/// Reads the Rick and Morty API: filtered pages, single items and batches, of any resource.
///
/// Implementations throw `APIError` (or `CancellationError`). A filter with no match is an empty
/// page; an unknown id is `APIError.notFound`; ids missing from a batch are simply left out, as the
/// real API does.
public protocol RickAndMortyClient: Sendable {
    func page<Resource: APIResource>(_ query: ResourceQuery<Resource>) async throws -> Page<Resource.Model>
    func item<Resource: APIResource>(_ type: Resource.Type, id: Int) async throws -> Resource.Model
    func items<Resource: APIResource>(_ type: Resource.Type, ids: [Int]) async throws -> [Resource.Model]
}

extension RickAndMortyClient {
    /// Every page of `query` from its page on, following the API's `next` links.
    public func pages<Resource: APIResource>(_ query: ResourceQuery<Resource>) -> PageSequence<Resource.Model> {
        PageSequence(firstPage: query.page) { number in try await page(query.at(page: number)) }
    }

    /// Every page of `query` from its page on, in order: that page first (it says how many there
    /// are), then the rest `width` at a time. Much faster than following `next` one by one.
    public func allPages<Resource: APIResource>(
        _ query: ResourceQuery<Resource>, width: Int = 8
    ) async throws -> [Page<Resource.Model>] {
        let first = try await page(query)
        guard first.hasNext else { return [first] }
        let numbers = Array((query.page + 1)...first.pages)
        var pages = [Int: Page<Resource.Model>]()
        try await withThrowingTaskGroup(of: Page<Resource.Model>.self) { group in
            var next = 0
            for _ in 0..<min(max(1, width), numbers.count) {
                let number = numbers[next]
                group.addTask { try await page(query.at(page: number)) }
                next += 1
            }
            while let fetched = try await group.next() {
                pages[fetched.number] = fetched
                if next < numbers.count {
                    let number = numbers[next]
                    group.addTask { try await page(query.at(page: number)) }
                    next += 1
                }
            }
        }
        return [first] + numbers.compactMap { pages[$0] }
    }

    public func characters(_ query: CharacterQuery) async throws -> Page<RMCharacter> { try await page(query) }
    public func character(id: Int) async throws -> RMCharacter { try await item(CharacterDTO.self, id: id) }
    public func characters(ids: [Int]) async throws -> [RMCharacter] { try await items(CharacterDTO.self, ids: ids) }

    public func episodes(_ query: EpisodeQuery) async throws -> Page<Episode> { try await page(query) }
    public func episode(id: Int) async throws -> Episode { try await item(EpisodeDTO.self, id: id) }
    public func episodes(ids: [Int]) async throws -> [Episode] { try await items(EpisodeDTO.self, ids: ids) }

    public func locations(_ query: LocationQuery) async throws -> Page<Location> { try await page(query) }
    public func location(id: Int) async throws -> Location { try await item(LocationDTO.self, id: id) }
    public func locations(ids: [Int]) async throws -> [Location] { try await items(LocationDTO.self, ids: ids) }
}
