/// A decoded image's name in the memory tier: the same key its processed image has in the data
/// cache (`ImagePipeline.Cache.makeDataCacheKey(for:)`), as Nuke keys both tiers alike.
public struct ImageCacheKey: Sendable, Hashable, CustomStringConvertible {
    public let key: CacheKey

    public init(_ key: CacheKey) {
        self.key = key
    }

    public var description: String { key.description }
}
