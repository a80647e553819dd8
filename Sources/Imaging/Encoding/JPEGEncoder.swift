/// Encodes bitmaps as JPEG through libjpeg. Alpha is dropped.
public struct JPEGEncoder: Sendable, Hashable {
    /// 1...100.
    public var quality: Int
    /// Progressive scans (how the real service stores most avatars) or one baseline scan.
    public var progressive: Bool
    /// An APP1 payload (for example an Exif block, starting `Exif\0\0`) to write after the header.
    public var app1: [UInt8]?

    public init(quality: Int = 85, progressive: Bool = false, app1: [UInt8]? = nil) {
        self.quality = max(1, min(100, quality))
        self.progressive = progressive
        self.app1 = app1
    }

    public func encode(_ bitmap: Bitmap) throws(ImagingError) -> [UInt8] {
        try LibJPEG.encode(bitmap, quality: quality, progressive: progressive, app1: app1)
    }
}
