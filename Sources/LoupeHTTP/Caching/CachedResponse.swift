import FoundationEssentials
import HTTPTypes

/// An API response body as a `ResponseCache` keeps it, with what revalidation needs.
public struct CachedResponse: Sendable, Hashable {
    public var body: [UInt8]
    public var etag: String?
    public var lastModified: String?
    /// After this the response is stale: still good offline, revalidated online.
    public var expiresAt: Date
    /// Stored `must-revalidate` (or `no-cache`): once stale, not used without the server's
    /// confirmation, even when the server cannot be reached. Offline reads still use it.
    public var mustRevalidate: Bool
    /// The lifetime the server gave when it was stored, which a renewal without one of its own
    /// keeps; `nil` when the cache's default applied.
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
