import FoundationEssentials
import Imaging

/// What to load and how to make it, as Nuke's `ImageRequest`: a URL, the processors applied in
/// order (their identifiers join the cache key), and options for the caches.
public struct ImageRequest: Sendable {
    /// How a request uses the caches.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Ask the origin even when the cached copies are fresh (a conditional request: a 304
        /// keeps them): a pull-to-refresh.
        public static let reloadIgnoringCachedData = Options(rawValue: 1 << 0)
        /// The caches alone: a miss is `ImageCacheError.notCached`, and nothing is loaded (offline).
        public static let returnCacheDataDontLoad = Options(rawValue: 1 << 1)
        public static let disableMemoryCacheReads = Options(rawValue: 1 << 2)
        public static let disableMemoryCacheWrites = Options(rawValue: 1 << 3)
        public static let disableDiskCacheReads = Options(rawValue: 1 << 4)
        public static let disableDiskCacheWrites = Options(rawValue: 1 << 5)
    }

    public var url: URL
    public var processors: [any ImageProcessing]
    public var options: Options
    /// The image's name in the caches, for URLs that differ only in ways that do not matter (a
    /// signed query, a CDN's host); `nil`: the URL, as the pipeline's `APIIdentity` keys it.
    public var cacheKey: String?

    public init(url: URL, processors: [any ImageProcessing] = [], options: Options = [], cacheKey: String? = nil) {
        self.url = url
        self.processors = processors
        self.options = options
        self.cacheKey = cacheKey
    }

    /// The original's key in `identity`'s terms, or the caller's own.
    func originalKey(_ identity: APIIdentity) -> CacheKey {
        cacheKey.map { CacheKey(["key", $0]) } ?? identity.key(for: url)
    }

    /// The memory tier's key: the original's name and the processors' identifiers.
    var memoryKey: MemoryKey {
        .request(source: cacheKey.map { "key:" + $0 } ?? url.absoluteString, processors: processors.identifier)
    }
}
