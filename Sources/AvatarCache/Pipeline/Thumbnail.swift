import Imaging

/// A processed image and where it came from.
public struct Thumbnail: Sendable, Equatable {
    public var bitmap: Bitmap
    public var source: ImageSource
}
