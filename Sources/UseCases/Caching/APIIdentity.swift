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

/// The command's image pipeline keys its images as its answers: by their path under the API's
/// root, so a new port or a proxy finds what an old one stored.
extension APIIdentity: ImagePipeline.Delegate {
    public func cacheKey(for request: ImageRequest, pipeline: ImagePipeline) -> CacheKey? {
        guard request.cacheKey == nil else { return nil }
        let original = key(for: request.url)
        return request.processors.isEmpty ? original : original.appending(request.processors.identifier)
    }
}

extension ImagePipeline {
    /// The command's pipeline: images keyed by `identity` (by their path under the API's root),
    /// originals kept with thumbnails up to 128 px (a list's rows, which a disk hit draws for a
    /// fraction of making one again), and a cached image used for `acceptsStale` whatever the
    /// origin says (the real service says `max-age=0`; images at a URL rarely change, and image
    /// caches keep one for days: a week, as Kingfisher's disk cache). `dataLoader` `nil`: offline.
    public static func keyed(
        by identity: APIIdentity, dataLoader: (any DataLoading)?, dataCache: (any DataCaching)?,
        acceptsStale: Duration = .seconds(7 * 24 * 3600), dataLoadingLimit: Int = Configuration.defaultDataLoadingLimit
    ) -> ImagePipeline {
        ImagePipeline(
            configuration: .init(
                dataLoader: dataLoader, dataCache: dataCache, dataCachePolicy: .storeOriginalDataAndThumbnails,
                acceptsStale: acceptsStale, dataLoadingLimit: dataLoadingLimit),
            delegate: identity)
    }
}
