/// What went wrong turning bytes into pixels or pixels into bytes; each case says what to do.
public enum ImagingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No bytes at all.
    case empty
    /// The bytes are neither JPEG nor PNG; `firstBytes` shows them in hex.
    case unknownFormat(firstBytes: String)
    /// The data ends before the image does (a cut-off download).
    case truncated(format: ImageFormat)
    /// The data is whole but in a variant this decoder cannot read; `reason` names it (e.g.
    /// `12-bit JPEG`).
    case unsupported(format: ImageFormat, reason: String)
    /// The decoder refused the data; `reason` is the library's message.
    case corrupt(format: ImageFormat, reason: String)
    /// The header claims a size over the configured limits; nothing large was allocated.
    case tooLarge(width: Int, height: Int, limits: ImageLimits)
    /// The encoder (libjpeg or libpng) refused; `reason` is the library's message.
    case encodingFailed(format: ImageFormat, reason: String)
    /// Memory for the pixels could not be had.
    case outOfMemory

    public var description: String {
        switch self {
        case .empty:
            "the image is empty (0 bytes)"
        case .unknownFormat(let firstBytes):
            "not a JPEG or PNG image (it starts with \(firstBytes))"
        case .truncated(let format):
            "the \(format) data is cut short; fetch the file again"
        case .unsupported(let format, let reason):
            "the \(format) image is not supported (\(reason))"
        case .corrupt(let format, let reason):
            "the \(format) data is corrupt: \(reason)"
        case .tooLarge(let width, let height, let limits):
            "the image claims \(width)x\(height) pixels, over the limit of \(limits.maxSide) a side "
                + "and \(limits.maxPixels / 1_000_000) megapixels"
        case .encodingFailed(let format, let reason):
            "cannot encode \(format): \(reason)"
        case .outOfMemory:
            "not enough memory to decode the image"
        }
    }
}

/// The image formats the library reads and writes.
public enum ImageFormat: String, Sendable, Hashable, CustomStringConvertible {
    case jpeg
    case png

    public var description: String { rawValue.uppercased() }
}
