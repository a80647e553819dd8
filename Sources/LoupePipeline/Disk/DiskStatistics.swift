/// What the disk tier did in this process.
public struct DiskStatistics: Sendable, Hashable, Codable {
    public var hits = 0
    public var misses = 0
    /// Entries found corrupt on read or by `verify`, and removed.
    public var corruptRemoved = 0
    public var writes = 0
    public var bytesWritten: Int64 = 0
    public var bytesRead: Int64 = 0
    public var writeFailures = 0
    /// Entries removed to keep under the size limit.
    public var evictions = 0
    /// Trims after a write in a cache too large to list whole: each listed a few shards, not the
    /// tree (see `DiskCache.trimAfterWrite`).
    public var sampledTrims = 0
    /// Walks of the whole tree that set the size record: a trim, `verify`, `usage()`, or a
    /// record found missing or damaged. Ordinary reads and writes make none.
    public var recordWalks = 0

    public init() {}
}
