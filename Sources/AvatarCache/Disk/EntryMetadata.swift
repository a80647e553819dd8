import Foundation
import RickAndMortyAPI

/// What is known about an entry besides its bytes.
public struct EntryMetadata: Sendable, Hashable {
    public var kind: EntryKind
    /// The joined `CacheKey`, kept to tell a (never yet seen) hash collision from a hit.
    public var key: String
    public var url: String
    public var contentType: String
    public var etag: String?
    public var lastModified: String?
    public var storedAt: Date
    public var expiresAt: Date
    /// For a variant: the CRC-32 of the original it was made from, so a changed original is
    /// noticed. Empty otherwise.
    public var source: String

    public init(
        kind: EntryKind, key: CacheKey, url: String, contentType: String, etag: String? = nil, lastModified: String? = nil,
        storedAt: Date, expiresAt: Date, source: String = ""
    ) {
        self.kind = kind
        self.key = key.description
        self.url = url
        self.contentType = contentType
        self.etag = etag
        self.lastModified = lastModified
        self.storedAt = storedAt
        self.expiresAt = expiresAt
        self.source = source
    }

    public func isFresh(at now: Date) -> Bool { now < expiresAt }

    /// The conditional-request headers that ask whether this entry is still current.
    public var validators: [(String, String)] {
        CachedResponse(body: [], etag: etag, lastModified: lastModified, expiresAt: expiresAt).validators
    }
}
