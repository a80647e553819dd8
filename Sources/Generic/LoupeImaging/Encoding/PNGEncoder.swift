/// Encodes bitmaps as PNG through libpng.
public struct PNGEncoder: Sendable, Hashable {
    /// The widest and tallest image libpng writes, in pixels (its default user limit,
    /// `PNG_USER_WIDTH_MAX` and `PNG_USER_HEIGHT_MAX`).
    public static let maximumSide = 1_000_000
    /// zlib level 0...9. The default favors speed: thumbnails are small and made often.
    public var compressionLevel: Int
    /// Filter every row with UP instead of choosing the best of five per row: several times
    /// faster on large images with flat areas (contact sheets), slightly larger on photos.
    public var singleFilter: Bool
    /// Matches only with the byte before, as zlib's run-length strategy (`Z_RLE`) finds them.
    ///
    /// UP-filtered rows are full of them: faster than level 1's search, and on thumbnails smaller
    /// too. With `singleFilter` and a level above 0, RGBA images go through the shim's own writer
    /// (the same matches) instead of zlib's deflate.
    public var runLength: Bool

    public init(compressionLevel: Int = 3, singleFilter: Bool = false, runLength: Bool = false) {
        self.compressionLevel = max(0, min(9, compressionLevel))
        self.singleFilter = singleFilter
        self.runLength = runLength
    }

    /// The UP filter on every row and run-length matching, for small images made in bulk.
    ///
    /// Thumbnails, images for a screen. Written by the shim's own deflate (`rdx_png_encode_rle`:
    /// zlib's Z_RLE matches, one dynamic-Huffman block, no libpng): on 826 real 300 px portraits
    /// at 64 px, about 4 times faster than zlib's Z_RLE at level 1, and 0.1 % smaller.
    public static let fastest = PNGEncoder(compressionLevel: 1, singleFilter: true, runLength: true)

    /// An RGBA PNG (color type 6).
    public func encode(_ bitmap: Bitmap) throws(ImagingError) -> [UInt8] {
        if singleFilter && runLength && compressionLevel > 0 {
            return try LibPNG.encodeRunLength(
                pixels: bitmap.pixels, width: bitmap.width, height: bitmap.height, bytesPerRow: bitmap.bytesPerRow)
        }
        return try LibPNG.encode(
            pixels: bitmap.pixels, width: bitmap.width, height: bitmap.height,
            bytesPerRow: bitmap.bytesPerRow, layout: .rgba, compressionLevel: compressionLevel, singleFilter: singleFilter,
            runLength: runLength)
    }

    /// The smaller of two PNGs that look alike: a palette one when `PaletteQuantizer` reduces
    /// `bitmap` to 256 colors with an SSIM against it of at least `minimumSimilarity` (luma,
    /// composited over black and over white, the lower), else the RGBA one. On 826 real 300 px
    /// portraits as 256 px circles, 730 take a palette and the files come to 36 % of the RGBA ones
    /// (`Benchmarks/compare --only export-size`).
    public func encodeCompact(_ bitmap: Bitmap, minimumSimilarity: Double = 0.99) throws(ImagingError) -> [UInt8] {
        let quantized = PaletteQuantizer().quantize(bitmap)
        // A quarter of the SSIM map decides, unless it is close: then all of it.
        var similarity = StructuralSimilarity.mean(bitmap, quantized, step: 2)
        if abs(similarity - minimumSimilarity) < 0.002 { similarity = StructuralSimilarity.mean(bitmap, quantized) }
        return try similarity >= minimumSimilarity ? encode(quantized) : encode(bitmap)
    }

    /// An 8-bit palette PNG (color type 3), with `tRNS` when a color is translucent.
    public func encode(_ image: IndexedBitmap) throws(ImagingError) -> [UInt8] {
        try LibPNG.encode(
            pixels: image.indices, width: image.width, height: image.height,
            bytesPerRow: image.width, layout: .palette(image.palette), compressionLevel: compressionLevel)
    }
}
