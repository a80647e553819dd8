import Foundation
import Synchronization

/// The API answered from a `ResponseCache` alone, never the network.
///
/// A request whose exact answer is cached gets it. Otherwise, when every page of a resource's
/// unfiltered listing is cached (what `rickdex warm --all` stores), the answer is computed from
/// that set with `ResourceListing`, the same semantics the server has, so results and counts
/// match. Anything else is `APIError.notCached`, naming the request.
public final class OfflineRickAndMortyClient: RickAndMortyClient {
    public let cache: any ResponseCache
    /// Whole listings already assembled, by resource path.
    private let listings = Mutex<[String: any Sendable]>([:])

    public init(cache: any ResponseCache) {
        self.cache = cache
    }

    public func page<Resource: APIResource>(_ query: ResourceQuery<Resource>) async throws -> Page<Resource.Model> {
        let path = APIEndpoint.page(query)
        if let cached = cache.response(for: path),
            let page = try APIEndpoint.page(query, status: 200, body: cached.body, url: Self.url(path))
        {
            return page
        }
        let listing = try wholeListing(Resource.self, missing: path)
        guard let slice = listing.page(query) else { return .empty(number: query.page) }
        let items = try slice.results.map { try $0.model(at: Self.url(path).absoluteString) }
        return Page(number: query.page, count: slice.count, pages: slice.pages, items: items)
    }

    public func item<Resource: APIResource>(_ type: Resource.Type, id: Int) async throws -> Resource.Model {
        let path = APIEndpoint.item(type, id: id)
        if let cached = cache.response(for: path),
            let item = try APIEndpoint.item(type, id: id, status: 200, body: cached.body, url: Self.url(path))
        {
            return item
        }
        guard let item = try wholeListing(type, missing: path).item(id: id) else {
            throw APIError.notFound(resource: Resource.path, id: id)
        }
        return try item.model(at: Self.url(path).absoluteString)
    }

    public func items<Resource: APIResource>(_ type: Resource.Type, ids: [Int]) async throws -> [Resource.Model] {
        let unique = APIEndpoint.unique(ids)
        guard !unique.isEmpty else { return [] }
        let path = APIEndpoint.items(type, ids: unique)
        if let cached = cache.response(for: path),
            let items = try APIEndpoint.items(type, status: 200, body: cached.body, url: Self.url(path))
        {
            return items
        }
        return try wholeListing(type, missing: path).items(ids: unique).map { try $0.model(at: Self.url(path).absoluteString) }
    }

    /// Every item of `Resource` from its cached unfiltered pages, or `notCached` for `missing`.
    private func wholeListing<Resource: APIResource>(_ type: Resource.Type, missing: String) throws -> ResourceListing<Resource> {
        if let known = listings.withLock({ $0[Resource.path] }) as? ResourceListing<Resource> {
            return known
        }
        guard let listing = try assemble(type) else { throw APIError.notCached(path: missing) }
        listings.withLock { $0[Resource.path] = listing }
        return listing
    }

    private func assemble<Resource: APIResource>(_ type: Resource.Type) throws -> ResourceListing<Resource>? {
        var items: [Resource] = []
        var number = 1
        var pages = 1
        while number <= pages {
            let path = APIEndpoint.page(ResourceQuery<Resource>(page: number))
            guard let cached = cache.response(for: path) else { return nil }
            let dto = try JSONBody.decode(PageDTO<Resource>.self, from: cached.body, url: Self.url(path))
            items += dto.results
            pages = dto.info.pages
            number += 1
        }
        return ResourceListing(items: items)
    }

    /// Where a cached answer came from, for error messages: the path under a marker scheme.
    private static func url(_ path: String) -> URL {
        URL(string: "cache:\(path)") ?? URL(fileURLWithPath: path)
    }
}
