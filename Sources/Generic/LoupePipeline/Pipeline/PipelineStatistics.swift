/// Counters of an `ImagePipeline`'s work in this process. Memory hits are `MemoryCache.statistics`':
/// counting them again here cost a twentieth of a hit.
public struct PipelineStatistics: Sendable, Encodable {
    public var processedHits = 0
    public var originalHits = 0
    public var dataMisses = 0
    /// Entries the data cache stored or renewed, and those it refused (a full or read-only disk).
    public var stored = 0
    public var unstored = 0
    /// The last refusal: to report once, with what to do.
    public var storeFailure: (any Error)?
    public var downloads = 0
    public var revalidated = 0
    public var bytesDownloaded: Int64 = 0
    public var coalesced = 0
    public var processed = 0

    private enum CodingKeys: String, CodingKey {
        case processedHits, originalHits, dataMisses, stored, unstored, downloads, revalidated
        case bytesDownloaded, coalesced, processed
    }
}
