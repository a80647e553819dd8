import Foundation

/// The API over HTTP: `https://rickandmortyapi.com/api` or any server with its semantics.
///
/// With a `ResponseCache`, a fresh cached answer is used without a request, a stale one is
/// revalidated (`If-None-Match`/`If-Modified-Since`, a 304 renews it), and every 200 that decodes
/// is stored.
public struct HTTPRickAndMortyClient: RickAndMortyClient {
    /// The real service.
    // swift-format-ignore: NeverForceUnwrap
    public static let defaultBaseURL = URL(string: "https://rickandmortyapi.com/api")!

    /// The API root, e.g. `http://127.0.0.1:8917/api`.
    public let baseURL: URL
    public let transport: HTTPTransport
    public let cache: (any ResponseCache)?

    public init(baseURL: URL = Self.defaultBaseURL, transport: HTTPTransport = HTTPTransport(), cache: (any ResponseCache)? = nil)
    {
        self.baseURL = baseURL
        self.transport = transport
        self.cache = cache
    }

    public func page<Resource: APIResource>(_ query: ResourceQuery<Resource>) async throws -> Page<Resource.Model> {
        try await load(APIEndpoint.page(query)) { status, body, url in
            try APIEndpoint.page(query, status: status, body: body, url: url)
        }
    }

    public func item<Resource: APIResource>(_ type: Resource.Type, id: Int) async throws -> Resource.Model {
        try await load(APIEndpoint.item(type, id: id)) { status, body, url in
            try APIEndpoint.item(type, id: id, status: status, body: body, url: url)
        }
    }

    public func items<Resource: APIResource>(_ type: Resource.Type, ids: [Int]) async throws -> [Resource.Model] {
        let unique = APIEndpoint.unique(ids)
        guard !unique.isEmpty else { return [] }
        return try await load(APIEndpoint.items(type, ids: unique)) { status, body, url in
            try APIEndpoint.items(type, status: status, body: body, url: url)
        }
    }

    /// The answer for `path`, from the cache when it is fresh or confirmed, else from the network.
    ///
    /// `decode` returns `nil` for a status it does not handle, which becomes the matching
    /// `APIError`. A 200 is stored only once it has decoded, so a malformed body is never cached.
    private func load<T>(
        _ path: String, decode: (_ status: Int, _ body: [UInt8], _ url: URL) throws -> T?
    ) async throws -> T {
        let url = try APIEndpoint.url(path, base: baseURL)
        let cached = cache?.response(for: path)
        if let cached, cached.isFresh(at: Date()), let value = try? decode(200, cached.body, url) {
            return value
        }
        let response = try await transport.get(url, headers: cached?.validators ?? [], isComplete: JSONBody.isComplete)
        if response.status == 304, let cached, let value = try? decode(200, cached.body, url) {
            cache?.renew(cached, for: path)
            return value
        }
        guard let value = try decode(response.status, response.body, url) else {
            throw JSONBody.statusError(response, url: url)
        }
        if response.status == 200 {
            cache?.store(
                body: response.body, etag: response.header("ETag"), lastModified: response.header("Last-Modified"), for: path)
        }
        return value
    }
}
