/// Limits and lifetimes of the disk tier.
public struct DiskCacheConfiguration: Sendable, Hashable {
    /// Bytes on disk the cache may hold; past it, least recently used entries go.
    public var sizeLimit: Int64
    /// Trimming stops at this fraction of the limit, so it does not run on every write.
    public var trimTarget: Double
    /// How long an API answer is fresh.
    public var responseLifetime: Duration
    /// How long an image (original or variant) is fresh.
    public var imageLifetime: Duration

    public init(
        sizeLimit: Int64 = 512 * 1024 * 1024, trimTarget: Double = 0.8, responseLifetime: Duration = .seconds(24 * 3600),
        imageLifetime: Duration = .seconds(30 * 24 * 3600)
    ) {
        self.sizeLimit = sizeLimit
        self.trimTarget = trimTarget
        self.responseLifetime = responseLifetime
        self.imageLifetime = imageLifetime
    }

    public func lifetime(of kind: EntryKind) -> Duration {
        kind == .response ? responseLifetime : imageLifetime
    }
}
