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
