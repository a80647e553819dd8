import FoundationEssentials
import LoupeHTTP

/// Where an image pipeline keeps encoded images with what HTTP said of their freshness: the seam
/// Nuke calls `DataCaching` (by default a `DiskCache`). Called from many tasks at once; a cache that
/// cannot keep an entry throws, and the pipeline goes on without it.
public protocol DataCaching: Sendable {
    /// A damaged entry is a miss.
    func entry(for key: CacheKey) -> CacheEntry?
    func store(_ body: [UInt8], metadata: EntryMetadata, for key: CacheKey) throws
    func remove(_ key: CacheKey)
    func removeAll()
    /// How long an entry of `kind` stays fresh when its origin gave no lifetime.
    func defaultLifetime(of kind: EntryKind) -> Duration
}

extension DataCaching {
    /// The metadata `kind` gets when stored now: fresh for the server's lifetime, else the default.
    public func metadata(
        _ kind: EntryKind, key: CacheKey, url: String, contentType: String, etag: String? = nil, lastModified: String? = nil,
        madeFrom: UInt32? = nil, directives: CacheDirectives = .unspecified, now: Date = Date()
    ) -> EntryMetadata {
        EntryMetadata(
            kind: kind, key: key, url: url, contentType: contentType, etag: etag, lastModified: lastModified, storedAt: now,
            expiresAt: now.addingTimeInterval((directives.lifetime ?? defaultLifetime(of: kind)).seconds),
            lifetimeFromServer: directives.lifetime != nil, mustRevalidate: directives.mustRevalidate, madeFrom: madeFrom)
    }

    /// Rewrites `entry` fresh again after a 304, whose `directives` set the new lifetime; when it
    /// gave none, the entry keeps the lifetime it was stored with.
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
