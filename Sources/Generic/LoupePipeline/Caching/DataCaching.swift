import FoundationEssentials
import LoupeHTTP

/// Where an image pipeline keeps encoded images (originals as served, processed images as
/// PNG), each with what HTTP said of its freshness: the seam Nuke calls `DataCaching`. The
/// default is `DiskCache` (atomic, checksummed, size-limited, shared by processes); an adopter
/// keeps them elsewhere (an object store, a database) by conforming.
///
/// Called from many tasks at once. A cache that cannot keep an entry throws; the pipeline goes
/// on without it.
public protocol DataCaching: Sendable {
    /// The whole entry stored under `key`, or `nil`. A damaged entry is a miss.
    func entry(for key: CacheKey) -> CacheEntry?
    /// Stores `body` with `metadata` under `key`, replacing what was there.
    func store(_ body: [UInt8], metadata: EntryMetadata, for key: CacheKey) throws
    func remove(_ key: CacheKey)
    /// Removes every entry.
    func removeAll()
    /// How long an entry of `kind` stays fresh when its origin gave no lifetime.
    func defaultLifetime(of kind: EntryKind) -> Duration
}

extension DataCaching {
    /// The metadata `kind` gets when stored now: fresh for the server's lifetime in `directives`,
    /// or `defaultLifetime(of:)` when the server gave none.
    public func metadata(
        _ kind: EntryKind, key: CacheKey, url: String, contentType: String, etag: String? = nil, lastModified: String? = nil,
        madeFrom: UInt32? = nil, directives: CacheDirectives = .unspecified, now: Date = Date()
    ) -> EntryMetadata {
        EntryMetadata(
            kind: kind, key: key, url: url, contentType: contentType, etag: etag, lastModified: lastModified, storedAt: now,
            expiresAt: now.addingTimeInterval((directives.lifetime ?? defaultLifetime(of: kind)).seconds),
            lifetimeFromServer: directives.lifetime != nil, mustRevalidate: directives.mustRevalidate, madeFrom: madeFrom)
    }

    /// Rewrites `entry` fresh again: the server said it has not changed. The 304's `directives`
    /// set the new lifetime; when it gave none, the entry keeps the lifetime it was stored with.
    /// Returns the renewed metadata.
    @discardableResult
    public func renew(
        _ entry: CacheEntry, for key: CacheKey, directives: CacheDirectives = .unspecified, now: Date = Date()
    ) throws -> EntryMetadata {
        var metadata = entry.metadata
        let lifetime: Duration =
            directives.lifetime
            ?? (metadata.lifetimeFromServer
                ? .seconds(max(0, metadata.expiresAt.timeIntervalSince(metadata.storedAt)))
                : defaultLifetime(of: metadata.kind))
        metadata.storedAt = now
        metadata.expiresAt = now.addingTimeInterval(lifetime.seconds)
        metadata.lifetimeFromServer = metadata.lifetimeFromServer || directives.lifetime != nil
        metadata.mustRevalidate = metadata.mustRevalidate || directives.mustRevalidate
        try store(entry.body, metadata: metadata, for: key)
        return metadata
    }
}
