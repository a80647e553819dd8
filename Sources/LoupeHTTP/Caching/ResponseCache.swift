import FoundationEssentials

/// Where API responses are kept for reuse and for offline reads.
///
/// Keys are paths relative to the API root (`users?page=2&name=ada`), so a cache filled
/// through one address of an API answers through another. A client needs only these three
/// calls; the disk tier (`LoupePipeline`'s `DiskCache`) can hold the entries. Implementations are thread-safe and
/// never throw: a store that fails (a full disk) only means a later miss.
public protocol ResponseCache: Sendable {
    /// The cached response for `path`, fresh or stale, or `nil`.
    func response(for path: String) -> CachedResponse?
    /// Keeps a 200 response's body for `path`, fresh for the `directives`' lifetime, or the
    /// cache's own default when the server gave none. Called only when `directives.mayStore`.
    func store(body: [UInt8], etag: String?, lastModified: String?, directives: CacheDirectives, for path: String)
    /// Extends a stale response the server confirmed unchanged (304), by the 304's directives.
    func renew(_ response: CachedResponse, directives: CacheDirectives, for path: String)
}
