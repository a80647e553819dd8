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
