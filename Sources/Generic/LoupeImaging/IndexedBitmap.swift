/// An image of palette indices: one byte a pixel naming one of at most 256 colors.
///
/// This is how many small web images are stored (8-bit palette PNG): about 40 % of one real set of 826 portraits.
public struct IndexedBitmap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Up to 256 colors; alpha below 255 is written as a `tRNS` chunk.
    public var palette: [RGBA]
    /// `width * height` indices into `palette`, rows top to bottom.
    public var indices: [UInt8]

    public init(width: Int, height: Int, palette: [RGBA], indices: [UInt8]) {
        precondition(width > 0 && height > 0, "an image needs a positive size")
        precondition((1...256).contains(palette.count), "a palette holds 1...256 colors")
        precondition(indices.count == width * height, "index buffer does not match the size")
        self.width = width
        self.height = height
        self.palette = palette
        self.indices = indices
    }

    /// The same picture as RGBA pixels.
    public func expanded() -> Bitmap {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBytes { bytes in
            for (position, index) in indices.enumerated() {
                let color = palette[Int(index) < palette.count ? Int(index) : 0]
                bytes.storeBytes(of: color.bytes, toByteOffset: position * 4, as: SIMD4<UInt8>.self)
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }
}
