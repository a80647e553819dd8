/// Counters of an `ImagePipeline`'s work in this process, by tier.
public struct PipelineStatistics: Sendable, Hashable, Codable {
    /// The image cache's counters, when it is a `MemoryCache`.
    public var memory = MemoryStatistics()
    /// The data cache's counters, when it is a `DiskCache`.
    public var disk = DiskStatistics()
    /// Processed images read from the data cache.
    public var processedHits = 0
    /// Originals read from disk (fresh, or any age offline).
    public var originalHits = 0
    public var downloads = 0
    /// Stale entries the server confirmed (304).
    public var revalidated = 0
    public var bytesDownloaded: Int64 = 0
    /// Requests that joined one already in flight.
    public var coalesced = 0
    /// Images processed from an original.
    public var processed = 0
}
