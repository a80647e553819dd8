import FoundationEssentials
import LoupeImaging

/// What to load and how to make it, as Nuke's `ImageRequest`; the processors apply in order, and
/// their identifiers join the cache key.
public struct ImageRequest: Sendable {
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let disableMemoryCacheReads = Options(rawValue: 1 << 2)
        public static let disableMemoryCacheWrites = Options(rawValue: 1 << 3)
        public static let disableDiskCacheReads = Options(rawValue: 1 << 4)
        public static let disableDiskCacheWrites = Options(rawValue: 1 << 5)
        /// Load from the origin, whatever the caches hold (and still store it), as Nuke's.
        public static let reloadIgnoringCachedData: Options = [.disableMemoryCacheReads, .disableDiskCacheReads]
        /// Ask the origin even when fresh, with the cached validators, so that a 304 keeps them.
        /// Not Nuke's: `URLRequest.CachePolicy.reloadRevalidatingCacheData`'s meaning.
        public static let reloadRevalidatingCachedData = Options(rawValue: 1 << 0)
        /// The caches alone (offline).
        public static let returnCacheDataDontLoad = Options(rawValue: 1 << 1)
    }

    public var url: URL
    /// Sent with the download; not part of the cache key, as in Nuke.
    public var headers: HTTPFields
    public var processors: [any ImageProcessing]
    public var options: Options
    public var priority: Priority
    /// The image's name in the caches, as Nuke's, for URLs that differ in ways that do not matter.
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

    func with(processors: [any ImageProcessing]) -> ImageRequest {
        var request = self
        request.processors = processors
        return request
    }
}

extension ImageRequest {
    /// As Nuke's: the highest waiting priority goes next, first come first served within one.
    public enum Priority: Int, Sendable, Hashable, Comparable, CaseIterable {
        case veryLow, low, normal, high, veryHigh

        public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}
