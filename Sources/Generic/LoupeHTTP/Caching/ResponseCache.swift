import FoundationEssentials
import HTTPTypes

/// Where API responses are kept for reuse and for offline reads, keyed by paths relative to the
/// API root (`users?page=2&name=ada`). Thread-safe; a store that fails only means a later miss.
public protocol ResponseCache: Sendable {
    /// The cached response for `path`, fresh or stale, or `nil`.
    func response(for path: String) -> CachedResponse?
    /// Keeps a 200 response's body for `path`, fresh for the `directives`' lifetime, or the
    /// cache's own default when the server gave none. Called only when `directives.mayStore`.
    func store(body: [UInt8], etag: String?, lastModified: String?, directives: CacheDirectives, for path: String)
    /// Extends a stale response the server confirmed unchanged (304), by the 304's directives.
    func renew(_ response: CachedResponse, directives: CacheDirectives, for path: String)
}

/// An API response body as a `ResponseCache` keeps it, with what revalidation needs.
public struct CachedResponse: Sendable, Hashable {
    public var body: [UInt8]
    public var etag: String?
    public var lastModified: String?
    /// After this the response is stale: still good offline, revalidated online.
    public var expiresAt: Date
    /// Stored `must-revalidate` (or `no-cache`): once stale, not used without the server's
    /// confirmation; offline reads still use it.
    public var mustRevalidate: Bool
    /// The server's lifetime when stored, kept by a renewal without one; `nil` for the default.
    public var serverLifetime: Duration?

    public init(
        body: [UInt8], etag: String? = nil, lastModified: String? = nil, expiresAt: Date, mustRevalidate: Bool = false,
        serverLifetime: Duration? = nil
    ) {
        self.body = body
        self.etag = etag
        self.lastModified = lastModified
        self.expiresAt = expiresAt
        self.mustRevalidate = mustRevalidate
        self.serverLifetime = serverLifetime
    }

    public func isFresh(at now: Date) -> Bool { now < expiresAt }

    /// The conditional-request headers that ask the server whether this copy is still current.
    public var validators: HTTPFields {
        var headers = HTTPFields()
        if let etag { headers[.ifNoneMatch] = etag }
        if let lastModified { headers[.ifModifiedSince] = lastModified }
        return headers
    }
}
