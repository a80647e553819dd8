/// Encodes bitmaps as PNG through libpng.
public struct PNGEncoder: Sendable, Hashable {
    /// zlib level 0...9. The default favours speed: thumbnails are small and made often.
    public var compressionLevel: Int

    public init(compressionLevel: Int = 3) {
        self.compressionLevel = max(0, min(9, compressionLevel))
    }

    /// An RGBA PNG (colour type 6).
    public func encode(_ bitmap: Bitmap) throws(ImagingError) -> [UInt8] {
        try LibPNG.encode(
            pixels: bitmap.pixels, width: bitmap.width, height: bitmap.height,
            bytesPerRow: bitmap.bytesPerRow, layout: .rgba, compressionLevel: compressionLevel)
    }

    /// An 8-bit palette PNG (colour type 3), with `tRNS` when a colour is translucent.
    public func encode(_ image: IndexedBitmap) throws(ImagingError) -> [UInt8] {
        try LibPNG.encode(
            pixels: image.indices, width: image.width, height: image.height,
            bytesPerRow: image.width, layout: .palette(image.palette), compressionLevel: compressionLevel)
    }
}
