import Foundation

/// Where API responses are kept for reuse and for offline reads.
///
/// Keys are paths relative to the API root (`character?page=2&name=rick`), so a cache filled
/// through one address of an API answers through another. `AvatarCache` provides the disk
/// implementation; the core only needs these three calls. Implementations are thread-safe and
/// never throw: a store that fails (a full disk) only means a later miss.
public protocol ResponseCache: Sendable {
    /// The cached response for `path`, fresh or stale, or `nil`.
    func response(for path: String) -> CachedResponse?
    /// Keeps a 200 response's body for `path`; `expiresAt` is decided by the cache.
    func store(body: [UInt8], etag: String?, lastModified: String?, for path: String)
    /// Extends a stale response the server confirmed unchanged (304).
    func renew(_ response: CachedResponse, for path: String)
}
