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
