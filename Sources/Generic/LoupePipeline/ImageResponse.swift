import LoupeImaging

/// A loaded image and where it came from, as Nuke's `ImageResponse`.
public struct ImageResponse: Sendable {
    public var image: Bitmap
    /// The origin's answer, as Nuke's `urlResponse`: `nil` unless this load asked the origin and
    /// it answered (a 200, or a 304 that confirmed the data cache's copy).
    public var urlResponse: HTTPResponse?
    /// The pipeline's cache that answered, as Nuke's: `nil` for a load from the origin or a
    /// `file://` URL. An image made from an original on disk is `.disk`, as in Nuke.
    public var cacheType: CacheType?
    /// A stale copy from the data cache stood in because the origin failed (`cacheType` is
    /// `.disk`); Nuke has no such fallback.
    public var isStaleAfterError: Bool
    /// Decoded and processed by this request, not read from a cache (not in Nuke).
    public var made: Bool

    public init(
        image: Bitmap, urlResponse: HTTPResponse? = nil, cacheType: CacheType? = nil, isStaleAfterError: Bool = false,
        made: Bool = false
    ) {
        self.image = image
        self.urlResponse = urlResponse
        self.cacheType = cacheType
        self.isStaleAfterError = isStaleAfterError
        self.made = made
    }

    /// `image`, made (or not) from `original`: where the original came from is where it came from.
    init(image: Bitmap, from original: Original, made: Bool) {
        self.init(
            image: image, urlResponse: original.urlResponse, cacheType: original.cacheType,
            isStaleAfterError: original.isStaleAfterError, made: made)
    }

    /// The pipeline's caches, as Nuke's `ImageResponse.CacheType`.
    public enum CacheType: Sendable, Hashable {
        /// The image cache (`ImageCaching`).
        case memory
        /// The data cache (`DataCaching`).
        case disk
    }
}
