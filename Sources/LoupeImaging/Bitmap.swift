/// An image in memory: 8-bit RGBA pixels, straight (not premultiplied) alpha, rows top to bottom.
///
/// A value type: copies share storage until one of them writes.
public struct Bitmap: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from the start of one row to the start of the next (at least `width * 4`).
    public let bytesPerRow: Int
    /// The pixels, `bytesPerRow * height` bytes.
    public var pixels: [UInt8]

    /// A bitmap filled with one color.
    public init(width: Int, height: Int, fill: RGBA = RGBA(0, 0, 0, 0)) {
        precondition(width > 0 && height > 0, "a bitmap needs a positive size")
        self.width = width
        self.height = height
        self.bytesPerRow = width * 4
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        if fill != RGBA(0, 0, 0, 0) {
            for offset in stride(from: 0, to: pixels.count, by: 4) {
                pixels[offset] = fill.red
                pixels[offset + 1] = fill.green
                pixels[offset + 2] = fill.blue
                pixels[offset + 3] = fill.alpha
            }
        }
        self.pixels = pixels
    }

    /// A bitmap over existing pixel bytes; `pixels.count` must be `bytesPerRow * height`.
    public init(width: Int, height: Int, bytesPerRow: Int? = nil, pixels: [UInt8]) {
        let stride = bytesPerRow ?? width * 4
        precondition(width > 0 && height > 0 && stride >= width * 4, "a bitmap needs a positive size")
        precondition(pixels.count == stride * height, "pixel buffer does not match the size")
        self.width = width
        self.height = height
        self.bytesPerRow = stride
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> RGBA {
        get {
            let offset = y * bytesPerRow + x * 4
            return RGBA(pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
        }
        set {
            let offset = y * bytesPerRow + x * 4
            pixels[offset] = newValue.red
            pixels[offset + 1] = newValue.green
            pixels[offset + 2] = newValue.blue
            pixels[offset + 3] = newValue.alpha
        }
    }
}
