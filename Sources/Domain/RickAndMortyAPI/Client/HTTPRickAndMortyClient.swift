import FoundationEssentials
import LoupeHTTP
import Logging

/// The API over HTTP. With a `ResponseCache`, a fresh cached answer is used without a request, a
/// stale one revalidated (a 304 renews it), and every 200 that decodes stored.
public struct HTTPRickAndMortyClient: RickAndMortyClient {
    /// The API root: every request goes under it, and its answers' URLs are read under it.
    public let root: APIRoot
    public let transport: HTTPTransport
    public let cache: (any ResponseCache)?
    /// Revalidates cached answers even while fresh (an unchanged one costs a 304): a refresh's.
    public var revalidatesFreshAnswers = false
    private let logger: Logger?

    /// `logger` hears stale answers used, at debug level.
    public init(
        root: APIRoot = .realService, transport: HTTPTransport = HTTPTransport(), cache: (any ResponseCache)? = nil,
        logger: Logger? = nil
    ) {
        self.root = root
        self.transport = transport
        self.cache = cache
        self.logger = logger
    }

    public func page<Resource: APIResource>(_ query: ResourceQuery<Resource>) async throws -> Page<Resource> {
        try await load(APIEndpoint.page(query)) { status, body, url in
            try APIEndpoint.page(query, status: status, body: body, url: url, root: root)
        }
    }

    public func item<Resource: APIResource>(_ type: Resource.Type, id: Int) async throws -> Resource {
        try await load(APIEndpoint.item(type, id: id)) { status, body, url in
            try APIEndpoint.item(type, id: id, status: status, body: body, url: url, root: root)
        }
    }

    public func items<Resource: APIResource>(_ type: Resource.Type, ids: [Int]) async throws -> [Resource] {
        let unique = APIEndpoint.unique(ids)
        guard !unique.isEmpty else { return [] }
        return try await load(APIEndpoint.items(type, ids: unique)) { status, body, url in
            try APIEndpoint.items(type, status: status, body: body, url: url, root: root)
        }
    }

    /// The answer for `path`, from the cache when fresh or confirmed, else from the network; `decode`'s
    /// `nil` (a status it does not handle) becomes an `APIError`. A 200 is stored only once it has
    /// decoded; when the server fails, a stale copy stands in unless stored `must-revalidate`.
    private func load<T>(
        _ path: String, decode: (_ status: Int, _ body: [UInt8], _ url: URL) throws -> T?
    ) async throws -> T {
        let url = try APIEndpoint.url(path, under: root)
        let cached = cache?.response(for: path)
        if let cached, !revalidatesFreshAnswers, cached.isFresh(at: Date()), let value = try? decode(200, cached.body, url) {
            logger?.debug("GET \(url) → cache (fresh)")
            return value
        }
        do {
            let response: TransportResponse
            do {
                response = try await transport.get(url, headers: cached?.validators ?? [:], isComplete: JSONBody.isComplete)
            } catch let failure as HTTPError {
                throw APIError.transport(failure)
            }
            if response.status == 304, let cached, let value = try? decode(200, cached.body, url) {
                cache?.renew(cached, directives: CacheDirectives(headers: response.headers), for: path)
                logger?.debug("GET \(url) → cache (revalidated)")
                return value
            }
            let answer = response.body
            guard let value = try decode(response.status, answer, url) else {
                throw JSONBody.statusError(response, url: url)
            }
            let directives = CacheDirectives(headers: response.headers)
            if response.status == 200, directives.mayStore {
                cache?.store(
                    body: answer, etag: response.header(.eTag), lastModified: response.header(.lastModified),
                    directives: directives, for: path)
            }
            return value
        } catch let error as APIError where error.staleMayStandIn {
            guard let cached, !cached.mustRevalidate, let value = try? decode(200, cached.body, url) else { throw error }
            logger?.debug("GET \(url) → cache (stale, standing in: \(error))")
            return value
        }
    }
}
