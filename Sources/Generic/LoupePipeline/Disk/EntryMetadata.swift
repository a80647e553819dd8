import FoundationEssentials
import LoupeHTTP
import HTTPTypes

/// What is known about an entry besides its bytes.
public struct EntryMetadata: Sendable, Hashable {
    public var kind: EntryKind
    /// The joined `CacheKey`, kept to tell a (never yet seen) hash collision from a hit.
    public internal(set) var key: String
    public var url: String
    public var contentType: String
    public var etag: String?
    public var lastModified: String?
    public var storedAt: Date
    public var expiresAt: Date
    /// Whether `expiresAt` is the server's word (`Cache-Control`, `Expires`), not a default lifetime.
    public var lifetimeFromServer: Bool
    /// Stored `must-revalidate` (or `no-cache`): once stale, not used online without the server's
    /// confirmation, even when the server cannot be reached.
    public var mustRevalidate: Bool
    /// For a processed image: the CRC-32 of the original it was made from, so an image made from
    /// bytes the origin just confirmed is renewed rather than made again. `nil` for an original.
    public var madeFrom: UInt32?

    public init(
        kind: EntryKind, key: CacheKey, url: String, contentType: String, etag: String? = nil, lastModified: String? = nil,
        storedAt: Date, expiresAt: Date, lifetimeFromServer: Bool = false, mustRevalidate: Bool = false, madeFrom: UInt32? = nil
    ) {
        self.kind = kind
        self.key = key.description
        self.url = url
        self.contentType = contentType
        self.etag = etag
        self.lastModified = lastModified
        self.storedAt = storedAt
        self.expiresAt = expiresAt
        self.lifetimeFromServer = lifetimeFromServer
        self.mustRevalidate = mustRevalidate
        self.madeFrom = madeFrom
    }

    public func isFresh(at now: Date) -> Bool { now < expiresAt }

    /// What is left of the server's lifetime at `now`, as directives a variant made from it inherits.
    public func remainingDirectives(at now: Date = Date()) -> CacheDirectives {
        CacheDirectives(
            mayStore: true, lifetime: lifetimeFromServer ? .seconds(max(0, expiresAt.timeIntervalSince(now))) : nil,
            mustRevalidate: mustRevalidate)
    }

    public var validators: HTTPFields {
        CachedResponse(body: [], etag: etag, lastModified: lastModified, expiresAt: expiresAt).validators
    }
}

/// One whole entry of a data cache: its metadata and its bytes.
public struct CacheEntry: Sendable, Hashable {
    public var metadata: EntryMetadata
    public var body: [UInt8]

    public init(metadata: EntryMetadata, body: [UInt8]) {
        self.metadata = metadata
        self.body = body
    }
}

/// What a disk entry holds, by the caller's name for it: `original`, `processed`, or a kind of the
/// caller's own (with `DiskCacheConfiguration.lifetimes`).
public struct EntryKind: RawRepresentable, Sendable, Hashable, Codable, CodingKeyRepresentable, CustomStringConvertible {
    /// The name written in each entry's header: letters, digits and dashes.
    public let rawValue: String

    /// `variant`, the name entries of processed images had before, reads as `processed`.
    public init(rawValue: String) {
        self.rawValue = rawValue == "variant" ? "processed" : rawValue
    }

    /// An image's bytes exactly as served.
    public static let original = EntryKind(rawValue: "original")
    public static let processed = EntryKind(rawValue: "processed")

    public var description: String { rawValue }
}
