/// What a `MemoryCache` did and holds.
public struct MemoryStatistics: Sendable, Hashable, Codable {
    public var hits = 0
    public var misses = 0
    public var evictions = 0
    public var entries = 0
    public var cost = 0

    public init() {}
}
