import FoundationEssentials
import LoupeImaging

/// What to load and how to make it, as Nuke's `ImageRequest`: a URL, the processors applied in
/// order (their identifiers join the cache key), how soon it is loaded, and options for the caches.
public struct ImageRequest: Sendable {
    /// How a request uses the caches.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Ask the origin even when the cached copies are fresh (a conditional request: a 304
        /// keeps them): a pull-to-refresh.
        public static let reloadIgnoringCachedData = Options(rawValue: 1 << 0)
        /// The caches alone: a miss is `ImagePipeline.Error.dataMissingInCache`, and nothing is loaded (offline).
        public static let returnCacheDataDontLoad = Options(rawValue: 1 << 1)
        public static let disableMemoryCacheReads = Options(rawValue: 1 << 2)
        public static let disableMemoryCacheWrites = Options(rawValue: 1 << 3)
        public static let disableDiskCacheReads = Options(rawValue: 1 << 4)
        public static let disableDiskCacheWrites = Options(rawValue: 1 << 5)
    }

    public var url: URL
    public var processors: [any ImageProcessing]
    public var options: Options
    /// How soon its download starts when loads wait (`ImagePipeline.Configuration.dataLoadingLimit`).
    public var priority: Priority
    /// The image's name in the caches, for URLs that differ only in ways that do not matter (a
    /// signed query, a CDN's host); `nil`: the URL, as the pipeline's `Configuration.keys` say.
    public var cacheKey: String?

    public init(
        url: URL, processors: [any ImageProcessing] = [], priority: Priority = .normal, options: Options = [],
        cacheKey: String? = nil
    ) {
        self.url = url
        self.processors = processors
        self.priority = priority
        self.options = options
        self.cacheKey = cacheKey
    }

    /// The image cache's key: the original's name and the processors' identifiers.
    public var imageCacheKey: ImageCacheKey {
        ImageCacheKey(source: cacheKey.map { "key:" + $0 } ?? url.absoluteString, processors: processors.identifier)
    }
}
