/// What `DiskCache.prune(now:)` removed.
public struct PruneReport: Sendable, Hashable, Codable {
    public var expired = 0
    public var evicted = 0
    public var temporaryFiles = 0
    public var corrupt = 0
    public var bytesFreed: Int64 = 0
    public var bytesLeft: Int64 = 0

    public init() {}
}
