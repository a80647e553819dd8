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
            pixels.withUnsafeMutableBytes { bytes in
                for offset in stride(from: 0, to: bytes.count, by: 4) {
                    bytes.storeBytes(of: fill.bytes, toByteOffset: offset, as: SIMD4<UInt8>.self)
                }
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
            pixels.withUnsafeMutableBytes { $0.storeBytes(of: newValue.bytes, toByteOffset: offset, as: SIMD4<UInt8>.self) }
        }
    }
}

extension Bitmap {
    /// Whether any pixel is less than opaque.
    public var hasTransparency: Bool {
        pixels.withUnsafeBytes { bytes in
            for y in 0..<height {
                // Alpha is every fourth byte: AND the alphas of a row together, a loop the
                // compiler vectorizes, and stop at the first row that is not all 255.
                let row = bytes.baseAddress! + y * bytesPerRow
                var alphas: UInt8 = 255
                for x in 0..<width {
                    alphas &= row.load(fromByteOffset: x &* 4 &+ 3, as: UInt8.self)
                }
                if alphas != 255 { return true }
            }
            return false
        }
    }
}

extension Bitmap {
    /// The rectangle at (`x`, `y`) of the given size, which must lie inside the bitmap.
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> Bitmap {
        precondition(x >= 0 && y >= 0 && x + width <= self.width && y + height <= self.height, "crop outside the bitmap")
        if x == 0 && y == 0 && width == self.width && height == self.height { return self }
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for row in y..<(y + height) {
            let start = row * bytesPerRow + x * 4
            pixels.append(contentsOf: self.pixels[start..<(start + width * 4)])
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }
}

extension Bitmap {
    /// The bitmap turned upright for an Exif orientation (1...8; anything else is left alone).
    public func oriented(exif orientation: Int) -> Bitmap {
        guard (2...8).contains(orientation) else { return self }
        let swaps = orientation >= 5
        let outWidth = swaps ? height : width
        let outHeight = swaps ? width : height
        var output = Bitmap(width: outWidth, height: outHeight)
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                // Where output pixel (x, y) comes from in the stored image.
                let (sx, sy): (Int, Int) =
                    switch orientation {
                    case 2: (width - 1 - x, y)
                    case 3: (width - 1 - x, height - 1 - y)
                    case 4: (x, height - 1 - y)
                    case 5: (y, x)
                    case 6: (y, height - 1 - x)
                    case 7: (width - 1 - y, height - 1 - x)
                    default: (width - 1 - y, x)  // 8
                    }
                output[x, y] = self[sx, sy]
            }
        }
        return output
    }
}
