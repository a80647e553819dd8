/// The image formats Rickdex reads and writes.
public enum ImageFormat: String, Sendable, Hashable, CustomStringConvertible {
    case jpeg
    case png

    /// The usual file extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        }
    }

    public var description: String { rawValue.uppercased() }
}
