import LoupeImaging

/// Where an image pipeline keeps decoded images: the seam Nuke calls `ImageCaching` (by default a
/// `MemoryCache`). Called from many tasks on every request: an answer should cost well under 1 µs.
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

/// A decoded image's name in the memory tier: the delegate's key, or the request's name for its
/// original (`key:` and its `imageID`, else its URL) and its processors' identifiers. Two strings,
/// cheaper to hash on every lookup than a `CacheKey`'s list.
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
