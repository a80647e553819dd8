import LoupeToolbox
import RickAndMortyAPI

/// The API with a `name` filter matched once folded (`NameFolding`), where the API matches the
/// letters as sent (`martinez` finds no `Martínez`): when folding finds other items, they are asked
/// for by id, the other filters applied as the API does (`ResourceListing`); otherwise the query
/// goes to the API as it is. Every command's client is one.
package struct FoldingClient: RickAndMortyClient {
    package let base: any RickAndMortyClient
    private let index: @Sendable () -> NameIndex

    /// `index` is read on the first name filter, not before.
    package init(_ base: any RickAndMortyClient, index: @escaping @Sendable () -> NameIndex) {
        self.base = base
        let memo = Locked<NameIndex?>(nil)
        self.index = {
            memo.withLock { known in
                if let known { return known }
                let loaded = index()
                known = loaded
                return loaded
            }
        }
    }

    private init(base: any RickAndMortyClient, memoized index: @escaping @Sendable () -> NameIndex) {
        self.base = base
        self.index = index
    }

    package func over(_ other: any RickAndMortyClient) -> FoldingClient {
        FoldingClient(base: other, memoized: index)
    }

    package var names: NameIndex { index() }

    package func page<Resource: APIResource>(_ query: ResourceQuery<Resource>) async throws -> Page<Resource> {
        guard let ids = foldedIDs(query) else { return try await base.page(query) }
        var others = query.filters
        others[Resource.Filter.name] = nil
        let items = try await base.items(Resource.self, ids: ids)
        let rest = ResourceQuery<Resource>(filters: others, page: query.page)
        guard let slice = ResourceListing(items: items).page(rest) else { return .empty(number: query.page) }
        return Page(number: query.page, count: slice.count, pages: slice.pages, items: slice.results)
    }

    package func item<Resource: APIResource>(_ type: Resource.Type, id: Int) async throws -> Resource {
        try await base.item(type, id: id)
    }

    package func items<Resource: APIResource>(_ type: Resource.Type, ids: [Int]) async throws -> [Resource] {
        try await base.items(type, ids: ids)
    }

    /// The ids of the items whose folded names fit, when not those the API's own match finds.
    func foldedIDs<Resource: APIResource>(_ query: ResourceQuery<Resource>) -> [Int]? {
        guard let typed = query.filters[Resource.Filter.name], let entries = index()[Resource.kind] else { return nil }
        let folded = NameFolding.fold(typed)
        let asSent = FilterPattern(typed)
        // Typed as it folds (lower case, no accent, apostrophe or period), whatever the API's
        // match finds folding finds too: only the fits need its check.
        let plain = folded == typed.lowercased()
        var differs = false
        var ids: [Int] = []
        for entry in entries {
            let fits = NameFolding.folded(entry.folded, contains: folded)
            if fits { ids.append(entry.id) }
            if (fits || !plain), fits != asSent.matches(entry.name) { differs = true }
        }
        return differs ? ids : nil
    }
}
