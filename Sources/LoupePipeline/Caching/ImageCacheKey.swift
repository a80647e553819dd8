/// A decoded image's name in the memory tier: the pipeline delegate's key for it, or the
/// request's own name for its original (its `cacheKey` with `key:` in front, else its URL) and
/// its processors' identifiers. Two strings, made and hashed on every lookup: cheaper than a
/// `CacheKey`'s list (a memory hit costs well under a microsecond).
public struct ImageCacheKey: Sendable, Hashable {
    public let source: String
    /// The processors' identifiers joined (empty for the original, and for a delegate's key,
    /// which names them itself).
    public let processors: String

    public init(source: String, processors: String) {
        self.source = source
        self.processors = processors
    }
}
