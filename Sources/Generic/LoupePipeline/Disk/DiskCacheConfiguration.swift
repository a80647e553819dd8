/// Limits and lifetimes of the disk tier.
public struct DiskCacheConfiguration: Sendable, Hashable {
    /// Bytes on disk the cache may hold; past it, least recently used entries go.
    public var sizeLimit: Int64
    /// Trimming stops at this fraction of the limit, so it does not run on every write.
    public var trimTarget: Double
    /// How long an entry is fresh when its origin gave no lifetime, unless `lifetimes` names its kind.
    public var defaultLifetime: Duration
    /// Lifetimes by kind, for kinds whose entries age differently (a JSON answer beside images).
    public var lifetimes: [EntryKind: Duration]

    public init(
        sizeLimit: Int64 = 512 * 1024 * 1024, trimTarget: Double = 0.8, defaultLifetime: Duration = .seconds(30 * 24 * 3600),
        lifetimes: [EntryKind: Duration] = [:]
    ) {
        self.sizeLimit = sizeLimit
        self.trimTarget = trimTarget
        self.defaultLifetime = defaultLifetime
        self.lifetimes = lifetimes
    }

    public func lifetime(of kind: EntryKind) -> Duration {
        lifetimes[kind] ?? defaultLifetime
    }
}
