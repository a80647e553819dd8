/// Counters of an `ImagePipeline`'s work in this process, by tier.
public struct PipelineStatistics: Sendable, Hashable, Codable {
    public var memory: MemoryStatistics
    public var disk: DiskStatistics
    /// Processed variants read from disk.
    public var variantHits = 0
    /// Originals read from disk (fresh, or any age offline).
    public var originalHits = 0
    public var downloads = 0
    /// Stale entries the server confirmed (304).
    public var revalidated = 0
    public var bytesDownloaded: Int64 = 0
    /// Requests that joined one already in flight.
    public var coalesced = 0
    /// Thumbnails made from an original.
    public var processed = 0
}
