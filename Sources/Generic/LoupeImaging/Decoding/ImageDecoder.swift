/// Decodes JPEG and PNG bytes to RGBA, choosing the codec by sniffing the bytes.
///
/// Thread-safe: a value with no state; decode on as many tasks as there are cores.
public struct ImageDecoder: Sendable {
    public var options: DecodeOptions

    public init(options: DecodeOptions = DecodeOptions()) {
        self.options = options
    }

    public func decode(_ bytes: [UInt8]) throws(ImagingError) -> Bitmap {
        guard !bytes.isEmpty else { throw .empty }
        switch ImageSniffer.format(of: bytes) {
        case .jpeg:
            let decoded = try LibJPEG.decode(bytes, options: options)
            return options.applyOrientation ? decoded.bitmap.oriented(exif: decoded.orientation) : decoded.bitmap
        case .png:
            return try LibPNG.decode(bytes, limits: options.limits)
        case nil:
            throw .unknownFormat(firstBytes: ImageSniffer.preview(bytes))
        }
    }

    /// The image's stored width and height, read from its header without decoding the pixels.
    public func size(of bytes: [UInt8]) throws(ImagingError) -> (width: Int, height: Int) {
        switch ImageSniffer.format(of: bytes) {
        case .jpeg:
            return try LibJPEG.size(bytes)
        case .png:
            let (width, height) = LibPNG.headerSize(bytes)
            guard width > 0, height > 0 else { throw .corrupt(format: .png, reason: "no IHDR chunk") }
            return (width, height)
        case nil:
            throw bytes.isEmpty ? .empty : .unknownFormat(firstBytes: ImageSniffer.preview(bytes))
        }
    }
}
