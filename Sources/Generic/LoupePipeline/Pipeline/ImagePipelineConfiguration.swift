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
        /// What the data cache keeps: by default originals only, as Nuke.
        public var dataCachePolicy: DataCachePolicy
        /// How processed images are encoded for the data cache, and the largest kept under
        /// `.storeOriginalDataAndThumbnails`.
        public var processedImageStorage: ProcessedImageStorage
        /// How long a cached image is used without asking the origin again when the origin gave a
        /// shorter lifetime (or said `max-age=0`); zero, the default: the origin's word alone.
        /// An image at a URL rarely changes, and an app may prefer days of its own.
        public var acceptsStale: Duration
        /// Data loads at once; the rest wait, highest priority first (an `ImageTask`'s priority
        /// may change while it waits). The default, 6 as Nuke's, keeps a queue in which priority
        /// decides what a screen sees first; a batch that must keep an HTTP/2 link full sets 64,
        /// what one connection carries at once.
        public var dataLoadingLimit: Int
        /// Images decoded and processed at once, highest priority first; the rest wait. By
        /// default the cores this process may use (`defaultProcessingLimit`): more would only
        /// share them, and hold more decoded images in memory at once.
        public var processingLimit: Int
        /// The largest image decoded: a header over these is refused before any allocation
        /// (`Error.decodingFailed` with `ImagingError.tooLarge`).
        public var decodingLimits: ImageLimits
        /// The largest body accepted, in bytes; a larger one is
        /// `Error.dataDownloadExceededMaximumSize`. `nil`: the loader's own cap (the default
        /// loader's transport stops at `TransportConfiguration.maxBodyBytes`, 10 MB).
        public var maximumResponseDataSize: Int?

        /// Whether `file://` requests are read from the disk (an adopter's own images, named by
        /// path). An application whose image URLs come from a server's answers turns it off, so
        /// that no answer can name a file of its user's: such a request is `Error.urlRefused`.
        public var readsFileURLs: Bool

        /// The default of `dataLoadingLimit`, Nuke's.
        public static let defaultDataLoadingLimit = 6

        /// The default of `processingLimit`: the cores this process may use, the fewest of those
        /// online, its CPU affinity mask (`taskset`) and its cgroup's CPU quota (`docker --cpus`).
        public static var defaultProcessingLimit: Int { Workload.cores.count }

        /// Loads through `dataLoader` (libcurl by default), keeps decoded images in a
        /// `MemoryCache` of `MemoryCacheLimits.thumbnails` and, given a `dataCache`, encoded ones
        /// there.
        public init(
            dataLoader: (any DataLoading)? = ImageFetcher(), dataCache: (any DataCaching)? = nil,
            imageCache: (any ImageCaching)? = MemoryCache<ImageCacheKey, Bitmap>(limits: .thumbnails),
            dataCachePolicy: DataCachePolicy = .storeOriginalData,
            processedImageStorage: ProcessedImageStorage = .standard, acceptsStale: Duration = .zero,
            dataLoadingLimit: Int = defaultDataLoadingLimit, processingLimit: Int = defaultProcessingLimit,
            decodingLimits: ImageLimits = ImageLimits(), maximumResponseDataSize: Int? = nil, readsFileURLs: Bool = true
        ) {
            self.dataLoader = dataLoader
            self.dataCache = dataCache
            self.imageCache = imageCache
            self.dataCachePolicy = dataCachePolicy
            self.processedImageStorage = processedImageStorage
            self.acceptsStale = acceptsStale
            self.dataLoadingLimit = dataLoadingLimit
            self.processingLimit = processingLimit
            self.decodingLimits = decodingLimits
            self.maximumResponseDataSize = maximumResponseDataSize
            self.readsFileURLs = readsFileURLs
        }
    }
}
