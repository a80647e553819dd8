/// Counters of an `ImagePipeline`'s work in this process, as the pipeline saw it: what its data
/// cache answered, what it downloaded and made, and the writes its data cache refused. (The
/// memory cache counts its own lookups, `MemoryCache.statistics`: a hit is a few hundred
/// nanoseconds, and counting it again here cost a twentieth of that.)
public struct PipelineStatistics: Sendable, Encodable {
    /// Processed images read from the data cache.
    public var processedHits = 0
    /// Originals read from disk (fresh, or any age offline).
    public var originalHits = 0
    /// Lookups the data cache had nothing for.
    public var dataMisses = 0
    /// Entries the data cache stored or renewed, and those it refused (a full or read-only disk:
    /// the image is not lost, only not kept).
    public var stored = 0
    public var unstored = 0
    /// The last refusal, as the data cache threw it: to report once, with what to do.
    public var storeFailure: (any Error)?
    public var downloads = 0
    /// Stale entries the server confirmed (304).
    public var revalidated = 0
    public var bytesDownloaded: Int64 = 0
    /// Requests that joined one already in flight.
    public var coalesced = 0
    /// Images processed from an original.
    public var processed = 0

    private enum CodingKeys: String, CodingKey {
        case processedHits, originalHits, dataMisses, stored, unstored, downloads, revalidated
        case bytesDownloaded, coalesced, processed
    }
}
