import FoundationEssentials
import LoupeImaging
import LoupeToolbox

extension ImagePipeline {
    /// What an image pipeline is made of and how it works, as Nuke's
    /// `ImagePipeline.Configuration`: a value, set up before the pipeline is made.
    ///
    /// ```swift
    /// var configuration = ImagePipeline.Configuration()              // the network, memory only
    /// configuration.dataCache = try DiskCache(root: cacheFolder)      // and a disk tier
    /// let pipeline = ImagePipeline(configuration: configuration)
    /// ```
    public struct Configuration: Sendable {
        /// Where bytes come from; `nil`: the caches only (offline), a miss is
        /// `Error.dataMissingInCache`.
        public var dataLoader: (any DataLoading)?
        /// Where encoded images are kept; `nil`: none.
        public var dataCache: (any DataCaching)?
        /// Where decoded images are kept; `nil`: none.
        public var imageCache: (any ImageCaching)?
        /// What the data cache keeps.
        public var dataCachePolicy: DataCachePolicy
        /// How processed images are written to the data cache, and the largest kept under
        /// `.automatic`.
        public var processedImageStorage: ProcessedImageStorage
        /// How a URL becomes a cache key. The default keys every URL by itself; a client of one
        /// API keys its URLs by their path under the API's root, so a new port or a proxy finds
        /// what an old one stored.
        public var keys: APIIdentity
        /// How long a cached image is used without asking the origin again, whatever shorter
        /// lifetime the origin gave (the real Rick and Morty origin says `max-age=0`): images at
        /// a URL rarely change, and image caches keep one for days (Kingfisher 7, Nuke until
        /// evicted). A reload (`.reloadIgnoringCachedData`) asks all the same. Zero: the
        /// origin's word alone.
        public var acceptsStale: Duration
        /// Data loads at once; the rest wait, highest priority first (an `ImageTask`'s priority
        /// may change while it waits). The default, 6 as Nuke's, keeps a queue in which priority
        /// decides what a screen sees first; a batch that must keep an HTTP/2 link full (a warm at
        /// 50 ms) sets 64, what one connection carries at once.
        public var dataLoadingLimit: Int
        /// Images decoded and processed at once, highest priority first; the rest wait. By
        /// default the cores this process may use (`defaultProcessingLimit`): more would only
        /// share them, and hold more decoded images in memory at once.
        public var processingLimit: Int
        /// The largest image decoded: a header over these is refused before any allocation
        /// (`Error.decodingFailed` with `ImagingError.tooLarge`).
        public var decodingLimits: ImageLimits

        /// The default of `dataLoadingLimit`, Nuke's.
        public static let defaultDataLoadingLimit = 6

        /// The default of `processingLimit`: the cores this process may use, the fewest of those
        /// online, its CPU affinity mask (`taskset`) and its cgroup's CPU quota (`docker --cpus`).
        public static var defaultProcessingLimit: Int { Workload.cores.count }

        /// The default of `acceptsStale`: a week, as Kingfisher's disk cache.
        public static let defaultAcceptsStale = Duration.seconds(7 * 24 * 3600)

        /// Loads through `dataLoader` (libcurl by default), keeps decoded images in a
        /// `MemoryCache` of `MemoryCacheLimits.thumbnails` and, given a `dataCache`, encoded ones
        /// there.
        public init(
            dataLoader: (any DataLoading)? = ImageFetcher(), dataCache: (any DataCaching)? = nil,
            imageCache: (any ImageCaching)? = MemoryCache<ImageCacheKey, Bitmap>(limits: .thumbnails),
            dataCachePolicy: DataCachePolicy = .automatic, processedImageStorage: ProcessedImageStorage = .standard,
            keys: APIIdentity = .anyURL, acceptsStale: Duration = defaultAcceptsStale,
            dataLoadingLimit: Int = defaultDataLoadingLimit, processingLimit: Int = defaultProcessingLimit,
            decodingLimits: ImageLimits = ImageLimits()
        ) {
            self.dataLoader = dataLoader
            self.dataCache = dataCache
            self.imageCache = imageCache
            self.dataCachePolicy = dataCachePolicy
            self.processedImageStorage = processedImageStorage
            self.keys = keys
            self.acceptsStale = acceptsStale
            self.dataLoadingLimit = dataLoadingLimit
            self.processingLimit = processingLimit
            self.decodingLimits = decodingLimits
        }
    }
}
