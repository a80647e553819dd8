/// Bounds of a `MemoryCache`.
public struct MemoryCacheLimits: Sendable, Hashable {
    /// The sum of entries' costs (for bitmaps: decoded bytes).
    public var totalCost: Int
    public var count: Int
    /// An entry costing more is not kept at all, so one huge image cannot flush the rest.
    public var maxEntryCost: Int

    public init(totalCost: Int, count: Int, maxEntryCost: Int) {
        self.totalCost = totalCost
        self.count = count
        self.maxEntryCost = maxEntryCost
    }

    /// For decoded thumbnails: 64 MiB, 2,000 entries, 8 MiB each at most.
    public static let thumbnails = MemoryCacheLimits(totalCost: 64 << 20, count: 2000, maxEntryCost: 8 << 20)
}
