import FoundationEssentials
import LoupeImaging
import LoupeToolbox

extension ImagePipeline {
    /// What an image pipeline is made of and how it works, as Nuke's `ImagePipeline.Configuration`.
    public struct Configuration: Sendable {
        /// `nil`: the caches only (offline).
        public var dataLoader: (any DataLoading)?
        public var dataCache: (any DataCaching)?
        public var imageCache: (any ImageCaching)?
        public var dataCachePolicy: DataCachePolicy
        public var processedImageStorage: ProcessedImageStorage
        /// How long a cached image is used without asking the origin when it gave a shorter
        /// lifetime; zero: the origin's word alone.
        public var acceptsStale: Duration
        /// Data loads at once; the rest wait, highest priority first. A batch that must keep an
        /// HTTP/2 link full sets 64, what one connection carries at once.
        public var dataLoadingLimit: Int
        /// Images decoded and processed at once; more than the cores would only hold more in memory.
        public var processingLimit: Int
        /// A header over these is refused before any allocation.
        public var decodingLimits: ImageLimits
        /// The largest body accepted, in bytes; `nil`: the loader's own cap.
        public var maximumResponseDataSize: Int?

        /// Whether `file://` requests are read. An application whose image URLs come from a
        /// server turns it off, so that no answer can name its user's files.
        public var readsFileURLs: Bool

        public static let defaultDataLoadingLimit = 6

        /// The cores this process may use (online, `taskset`, `docker --cpus`).
        public static var defaultProcessingLimit: Int { Workload.cores.count }

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
