/// A decoded image's name in the memory tier: where its bytes come from (the request's URL or
/// its own cache key) and its processors' identifiers.
public struct ImageCacheKey: Sendable, Hashable {
    /// The URL, or `key:` and the request's `cacheKey`.
    public let source: String
    /// The processors' identifiers joined (empty for the original, decoded).
    public let processors: String

    public init(source: String, processors: String) {
        self.source = source
        self.processors = processors
    }
}
