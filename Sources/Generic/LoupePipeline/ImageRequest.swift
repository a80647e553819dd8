import FoundationEssentials
import LoupeImaging

/// What to load and how to make it, as Nuke's `ImageRequest`: a URL (`http`, `https` or
/// `file`), the headers to send, the processors applied in order (their identifiers join the
/// cache key), how soon it is loaded, and options for the caches.
public struct ImageRequest: Sendable {
    /// How a request uses the caches, as Nuke's options.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let disableMemoryCacheReads = Options(rawValue: 1 << 2)
        public static let disableMemoryCacheWrites = Options(rawValue: 1 << 3)
        public static let disableDiskCacheReads = Options(rawValue: 1 << 4)
        public static let disableDiskCacheWrites = Options(rawValue: 1 << 5)
        /// Load from the origin, whatever the caches hold (what is loaded is still stored), as
        /// Nuke's: the caches are not read. A load of the same original already under way is
        /// joined.
        public static let reloadIgnoringCachedData: Options = [.disableMemoryCacheReads, .disableDiskCacheReads]
        /// Ask the origin even when the cached copies are fresh, with the cached original's
        /// validators, so that a 304 keeps them and nothing is downloaded again: a pull to
        /// refresh that costs a round trip when nothing changed. Not Nuke's (it is
        /// `URLRequest.CachePolicy.reloadRevalidatingCacheData`'s meaning).
        public static let reloadRevalidatingCachedData = Options(rawValue: 1 << 0)
        /// The caches alone: a miss is `ImagePipeline.Error.dataMissingInCache`, and nothing is
        /// loaded (offline).
        public static let returnCacheDataDontLoad = Options(rawValue: 1 << 1)
    }

    public var url: URL
    /// Headers sent with the request's download (an `Authorization`, an `Accept`). They are not
    /// part of the cache key: requests for one URL share one download, as in Nuke.
    public var headers: HTTPFields
    public var processors: [any ImageProcessing]
    public var options: Options
    /// How soon its download and its processing start when the pipeline's slots are busy.
    public var priority: Priority
    /// The image's name in the caches, as Nuke's `imageID`, for URLs that differ only in ways that
    /// do not matter (a signed query, a CDN's host); `nil`: the URL (or the delegate's `cacheKey`).
    public var imageID: String?

    public init(
        url: URL, headers: HTTPFields = [:], processors: [any ImageProcessing] = [], priority: Priority = .normal,
        options: Options = [], imageID: String? = nil
    ) {
        self.url = url
        self.headers = headers
        self.processors = processors
        self.priority = priority
        self.options = options
        self.imageID = imageID
    }

    /// The same request with other processors.
    func with(processors: [any ImageProcessing]) -> ImageRequest {
        var request = self
        request.processors = processors
        return request
    }
}

extension ImageRequest {
    /// How soon a request's download starts when the pipeline's loads are all busy, as Nuke's:
    /// the highest waiting priority goes next, and requests of one priority go in the order they
    /// came. A task's priority may change while it waits (`ImageTask.priority`).
    public enum Priority: Int, Sendable, Hashable, Comparable, CaseIterable {
        case veryLow, low, normal, high, veryHigh

        public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}
