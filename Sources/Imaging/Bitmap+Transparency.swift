extension Bitmap {
    /// Whether any pixel is less than opaque.
    public var hasTransparency: Bool {
        pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                var index = y * bytesPerRow + 3
                let end = y * bytesPerRow + width * 4
                while index < end {
                    if pixels[index] != 255 { return true }
                    index += 4
                }
            }
            return false
        }
    }
}
