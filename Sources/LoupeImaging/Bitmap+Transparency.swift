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
