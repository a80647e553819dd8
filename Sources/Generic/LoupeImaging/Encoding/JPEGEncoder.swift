/// Encodes bitmaps as JPEG through libjpeg. Alpha is dropped.
public struct JPEGEncoder: Sendable, Hashable {
    /// The widest and tallest image JPEG can hold, in pixels (libjpeg's `JPEG_MAX_DIMENSION`).
    public static let maximumSide = 65_500
    /// 1...100.
    public var quality: Int
    /// Progressive scans (how most web photos are stored) or one baseline scan.
    public var progressive: Bool
    /// How the pixels are stored in the file.
    public enum ColorSpace: Int32, Sendable, Hashable {
        /// YCbCr, the usual photo encoding.
        case color = 0
        /// One gray channel.
        case grayscale = 1
        /// The four bytes of each pixel are taken as CMYK, written with an Adobe marker (for tests
        /// of print-style files).
        case cmyk = 2
    }

    public var colorSpace: ColorSpace
    /// An APP1 payload (for example an Exif block, starting `Exif\0\0`) to write after the header.
    public var app1: [UInt8]?

    public init(quality: Int = 85, progressive: Bool = false, colorSpace: ColorSpace = .color, app1: [UInt8]? = nil) {
        self.quality = max(1, min(100, quality))
        self.progressive = progressive
        self.colorSpace = colorSpace
        self.app1 = app1
    }

    public func encode(_ bitmap: Bitmap) throws(ImagingError) -> [UInt8] {
        try LibJPEG.encode(bitmap, quality: quality, progressive: progressive, colorSpace: colorSpace, app1: app1)
    }
}
