import FoundationEssentials
import LoupeHTTP
import LoupeToolbox

/// The API answered from a `ResponseCache` alone: a cached answer, else one computed from every
/// cached page of the unfiltered listing (`ResourceListing`, the server's semantics), else
/// `APIError.notCached`. Thread-safe.
public final class OfflineRickAndMortyClient: RickAndMortyClient {
    public let cache: any ResponseCache
    /// The root the answers' URLs are read relative to, as they were online (besides their own).
    public let root: APIRoot?
    private let listings = Locked<[ResourceKind: any Sendable]>([:])

    public init(cache: any ResponseCache, root: APIRoot?) {
        self.cache = cache
        self.root = root
    }

    public func page<Resource: APIResource>(_ query: ResourceQuery<Resource>) async throws -> Page<Resource> {
        let path = APIEndpoint.page(query)
        if let cached = cache.response(for: path),
            let page = try APIEndpoint.page(query, status: 200, body: cached.body, url: Self.url(path), root: root)
        {
            return page
        }
        let listing = try await wholeListing(Resource.self, missing: path)
        guard let slice = listing.page(query) else { return .empty(number: query.page) }
        return Page(number: query.page, count: slice.count, pages: slice.pages, items: slice.results)
    }

    public func item<Resource: APIResource>(_ type: Resource.Type, id: Int) async throws -> Resource {
        let path = APIEndpoint.item(type, id: id)
        if let cached = cache.response(for: path),
            let item = try APIEndpoint.item(type, id: id, status: 200, body: cached.body, url: Self.url(path), root: root)
        {
            return item
        }
        if let item = try itemsFromTheirPages(type, ids: [id])?.first {
            return item
        }
        guard let item = try await wholeListing(type, missing: path).item(id: id) else {
            throw APIError.notFound(resource: Resource.kind, id: id)
        }
        return item
    }

    public func items<Resource: APIResource>(_ type: Resource.Type, ids: [Int]) async throws -> [Resource] {
        let unique = APIEndpoint.unique(ids)
        guard !unique.isEmpty else { return [] }
        let path = APIEndpoint.items(type, ids: unique)
        if let cached = cache.response(for: path),
            let items = try APIEndpoint.items(type, status: 200, body: cached.body, url: Self.url(path), root: root)
        {
            return items
        }
        var items = try itemsFromTheirPages(type, ids: unique)
        if items == nil { items = try await wholeListing(type, missing: path).items(ids: unique) }
        return items ?? []
    }

    /// How many items the listing of `Resource` holds, as its cached first page says.
    public func cachedCount<Resource: APIResource>(_ type: Resource.Type) -> Int? {
        (try? decodePage(type, 1))?.info.count
    }

    /// Every item of `Resource` in its cached unfiltered pages, in page order, passing over pages
    /// missing or not decoding: what suggestions and completions draw on.
    public func cachedItems<Resource: APIResource>(_ type: Resource.Type) -> [Resource] {
        guard let first = try? decodePage(type, 1) else { return [] }
        guard first.info.pages > 1 else { return first.results }
        return first.results + (2...first.info.pages).flatMap { (try? decodePage(type, $0))?.results ?? [] }
    }

    /// Every item of `Resource` from its cached unfiltered pages, or `notCached` for `missing`.
    private func wholeListing<Resource: APIResource>(
        _ type: Resource.Type, missing: String
    ) async throws -> ResourceListing<Resource> {
        if let known = listings.withLock({ $0[Resource.kind] }) as? ResourceListing<Resource> {
            return known
        }
        guard let listing = try await assemble(type) else { throw APIError.notCached(path: missing) }
        listings.withLock { $0[Resource.kind] = listing }
        return listing
    }

    /// The items with `ids` read from the unfiltered pages where the API lists them (20 a page, in
    /// id order); `nil` when a page is not cached or an id is not where expected.
    private func itemsFromTheirPages<Resource: APIResource>(_ type: Resource.Type, ids: [Int]) throws -> [Resource]? {
        let size = ResourceListing<Resource>.pageSize
        var found: [Int: Resource] = [:]
        for number in Set(ids.filter { $0 > 0 }.map { ($0 - 1) / size + 1 }).sorted() {
            guard let page = try decodePage(Resource.self, number) else { return nil }
            for item in page.results { found[item.id] = item }
        }
        let items = ids.compactMap { found[$0] }
        return items.count == ids.count ? items.sorted { $0.id < $1.id } : nil
    }

    private func decodePage<Resource: APIResource>(_ type: Resource.Type, _ number: Int) throws -> (
        info: PageDTO<WireModel<Resource>>.Info, results: [Resource]
    )? {
        let path = APIEndpoint.page(ResourceQuery<Resource>(page: number))
        guard let cached = cache.response(for: path) else { return nil }
        let page = try JSONBody.decode(PageDTO<WireModel<Resource>>.self, from: cached.body, url: Self.url(path), root: root)
        return (page.info, page.results.map(\.model))
    }

    /// Every cached unfiltered page, decoded across the cores; `nil` when any page is missing.
    private func assemble<Resource: APIResource>(_ type: Resource.Type) async throws -> ResourceListing<Resource>? {
        guard let first = try decodePage(type, 1) else { return nil }
        guard first.info.pages > 1 else { return ResourceListing(items: first.results) }
        let rest = await BoundedWork.map(Array(2...first.info.pages), .compute) { number in
            Result { try self.decodePage(type, number)?.results }
        }
        var all = first.results
        for page in rest {
            guard let items = try page.get() else { return nil }
            all += items
        }
        return ResourceListing(items: all)
    }

    /// Where a cached answer came from, for error messages: the path under a marker scheme.
    private static func url(_ path: String) -> URL {
        var parts = URLComponents(string: path) ?? URLComponents()
        parts.scheme = "cache"
        return parts.url ?? URL(fileURLWithPath: path)
    }
}
