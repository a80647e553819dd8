import LoupeImaging

/// Where an image pipeline keeps decoded images for the next request: the seam Nuke calls
/// `ImageCaching`. The default is a `MemoryCache` (least recently used first, bounded by bytes
/// and count); an adopter shares one of its own between pipelines, or keeps none.
///
/// Called from many tasks at once, on every request: an answer should cost well under a
/// microsecond.
public protocol ImageCaching: Sendable {
    func image(for key: ImageCacheKey) -> Bitmap?
    func store(_ image: Bitmap, for key: ImageCacheKey)
    func removeImage(for key: ImageCacheKey)
    func removeAll()
}

extension MemoryCache: ImageCaching where Key == ImageCacheKey, Value == Bitmap {
    public func image(for key: ImageCacheKey) -> Bitmap? { value(for: key) }

    /// Costs its decoded bytes.
    public func store(_ image: Bitmap, for key: ImageCacheKey) { set(image, for: key, cost: image.pixels.count) }

    public func removeImage(for key: ImageCacheKey) { remove(key) }
}

/// A decoded image's name in the memory tier: the pipeline delegate's key for it, or the
/// request's own name for its original (its `imageID` with `key:` in front, else its URL) and
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
