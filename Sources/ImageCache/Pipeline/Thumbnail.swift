import Imaging

/// A processed image, where its original came from, and whether it was made by this request
/// (rather than read from memory or disk).
public struct Thumbnail: Sendable, Equatable {
    public var bitmap: Bitmap
    public var source: ImageSource
    /// Decoded and processed now: the cache did not hold this variant.
    public var made: Bool

    public init(bitmap: Bitmap, source: ImageSource, made: Bool = false) {
        self.bitmap = bitmap
        self.source = source
        self.made = made
    }
}
