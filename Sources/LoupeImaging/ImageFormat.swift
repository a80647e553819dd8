/// The image formats the library reads and writes.
public enum ImageFormat: String, Sendable, Hashable, CustomStringConvertible {
    case jpeg
    case png

    public var description: String { rawValue.uppercased() }
}
