import FoundationEssentials
import LoupePipeline
import RickAndMortyAPI

/// Which API a cache entry belongs to, independent of the address it was reached at.
///
/// URLs under the API's root are keyed by their path below it, qualified by the identity's name:
/// a local server that listens on a new port every run still finds what it cached last time,
/// when it keeps its name, and one service's entries never mix with another's. Answers are stored with their URLs
/// under `canonicalRoot` (the service's public root), so a copy reached through a proxy or a new
/// port reads back under whatever root the API has now.
public struct APIIdentity: Sendable, Hashable {
    /// The caller's name for the API: a short name for a local server, or its root as written
    /// (`https://api.example.com/v1`).
    public let name: String
    /// Where the API is reached now; `nil` offline, when no address is known or needed.
    public let baseURL: URL?
    /// The service's public root, which its answers name and stored answers are written under.
    public let canonicalRoot: String

    public init(name: String, baseURL: URL?, canonicalRoot: String) {
        self.name = name
        self.baseURL = baseURL
        self.canonicalRoot = canonicalRoot.hasSuffix("/") ? String(canonicalRoot.dropLast()) : canonicalRoot
    }

    /// The key of an API answer, by its path under the root (`character?page=2`).
    public func key(forPath path: String) -> CacheKey {
        CacheKey(["api", name, path])
    }

    /// The key of any URL: relative to the API when under its root (or under the canonical one,
    /// whose avatar URLs a dataset may keep), absolute otherwise.
    public func key(for url: URL) -> CacheKey {
        let text = url.absoluteString
        for root in [baseURL?.absoluteString, canonicalRoot].compactMap({ $0 }) {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            if text.hasPrefix(prefix) {
                return key(forPath: String(text.dropFirst(prefix.count)))
            }
        }
        return CacheKey(["url", text])
    }

    /// An identity for a server with the Rick and Morty API's semantics: stored answers name the
    /// real service's root, as the API and the bundled dataset do.
    public init(name: String, baseURL: URL?) {
        self.init(name: name, baseURL: baseURL, canonicalRoot: Dataset.canonicalBase)
    }

    /// The name of the API a key belongs to (`["api", name, path]`), for `DiskCache.usage(group:)`.
    public static func apiName(ofKey parts: [String]) -> String? {
        parts.count > 2 && parts[0] == "api" ? parts[1] : nil
    }
}

/// The command's data cache: the disk tier, each image keyed as its answers are, by its path under
/// the API's root instead of its URL, so a new port or a proxy finds what an old one stored. The
/// pipeline keys by URL (`["url", URL, processors…]`); this re-roots each key on the way to disk,
/// and the entry's metadata with it.
public struct APIRootedCache: CountedDataCache {
    public let disk: DiskCache
    public let identity: APIIdentity

    public init(disk: DiskCache, identity: APIIdentity) {
        self.disk = disk
        self.identity = identity
    }

    /// `key` under the API's root, when it is a URL's key; any other key as it is.
    public func rooted(_ key: CacheKey) -> CacheKey {
        guard key.parts.count >= 2, key.parts[0] == "url", let url = URL(string: key.parts[1]) else { return key }
        return CacheKey(identity.key(for: url).parts + key.parts.dropFirst(2))
    }

    public func entry(for key: CacheKey) -> CacheEntry? { disk.entry(for: rooted(key)) }

    public func store(_ body: [UInt8], metadata: EntryMetadata, for key: CacheKey) throws {
        try disk.store(body, metadata: metadata, for: rooted(key))
    }

    public func remove(_ key: CacheKey) { disk.remove(rooted(key)) }
    public func removeAll() { disk.removeAll() }
    public func defaultLifetime(of kind: EntryKind) -> Duration { disk.defaultLifetime(of: kind) }
    public var statistics: DiskStatistics { disk.statistics }
}

extension ImagePipeline {
    /// The command's pipeline: images kept on `dataCache` under `identity` (`APIRootedCache`),
    /// originals kept with thumbnails up to 128 px (a list's rows, which a disk hit draws for a
    /// fraction of making one again), and a cached image used for `acceptsStale` whatever the
    /// origin says (the real service says `max-age=0`; images at a URL rarely change, and image
    /// caches keep one for days: a week, as Kingfisher's disk cache). `dataLoader` `nil`: offline.
    public static func keyed(
        by identity: APIIdentity, dataLoader: (any DataLoading)?, dataCache: DiskCache?,
        acceptsStale: Duration = .seconds(7 * 24 * 3600), dataLoadingLimit: Int = Configuration.defaultDataLoadingLimit
    ) -> ImagePipeline {
        ImagePipeline(
            configuration: .init(
                dataLoader: dataLoader, dataCache: dataCache.map { APIRootedCache(disk: $0, identity: identity) },
                dataCachePolicy: .storeOriginalDataAndThumbnails, acceptsStale: acceptsStale,
                dataLoadingLimit: dataLoadingLimit))
    }
}
