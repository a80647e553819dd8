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
            if let other = Self.otherFormat(firstBytes) {
                "\(other), not a JPEG or PNG image: convert it first (e.g. convert in.gif out.png)"
            } else {
                "not a JPEG or PNG image (it starts with \(firstBytes))"
            }
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

extension ImagingError {
    /// The format other than JPEG and PNG that bytes starting so are (`ImageSniffer.preview`'s
    /// hex), named as people know it: "a GIF".
    static func otherFormat(_ firstBytes: String) -> String? {
        let signatures = [
            ("47 49 46 38", "a GIF"), ("52 49 46 46", "a WebP (or another RIFF file)"), ("42 4D", "a BMP"),
            ("49 49 2A 00", "a TIFF"), ("4D 4D 00 2A", "a TIFF"), ("00 00 01 00", "an ICO"), ("FF 0A", "a JPEG XL"),
            ("00 00 00 0C 4A 58 4C 20", "a JPEG XL"), ("25 50 44 46", "a PDF"), ("3C 73 76 67", "an SVG"),
            ("3C 3F 78 6D", "an XML file (an SVG?)"),
        ]
        if firstBytes.dropFirst(12).hasPrefix("66 74 79 70") { return "an AVIF or HEIC (an ISO media file)" }
        return signatures.first { firstBytes.hasPrefix($0.0) }?.1
    }
}

/// The image formats the library reads and writes.
public enum ImageFormat: String, Sendable, Hashable, CustomStringConvertible {
    case jpeg
    case png

    public var description: String { rawValue.uppercased() }
}
