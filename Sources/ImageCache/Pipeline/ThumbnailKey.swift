import FoundationEssentials
import Imaging

/// The memory tier's key for a processed image: the URL and the processor, as typed values.
///
/// Hashing these is far cheaper than building the disk key's string (which formats the
/// processor's parameters), and a memory hit should cost well under a microsecond.
public struct ThumbnailKey: Sendable, Hashable {
    public var url: URL
    public var circle: ImageProcessors.Circle

    public init(url: URL, circle: ImageProcessors.Circle) {
        self.url = url
        self.circle = circle
    }
}
