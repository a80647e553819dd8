import LoupeImaging

/// A loaded image: the bitmap the request's processors made, where its bytes came from, and
/// which tier answered.
public struct ImageResponse: Sendable {
    public var image: Bitmap
    /// Where the original's bytes came from (or `.memory`, `.disk` for a processed image kept).
    public var source: ImageSource
    /// Decoded and processed by this request, not read from a cache.
    public var made: Bool

    public init(image: Bitmap, source: ImageSource, made: Bool) {
        self.image = image
        self.source = source
        self.made = made
    }
}

/// Where an image came from on one request.
public enum ImageSource: String, Sendable, Hashable, Codable {
    case memory
    /// The disk tier, fresh (or any age, offline).
    case disk
    /// A stale disk copy the server confirmed unchanged (304).
    case revalidated
    /// Downloaded now.
    case network
    /// A stale disk copy, used because the network failed while revalidating it.
    case staleAfterError
    /// A `file://` URL, read by the pipeline itself (no loader, no data cache).
    case file
}
