extension Bitmap {
    /// Blends `color` over the pixel at (`x`, `y`) ("source over", straight alpha); outside is ignored.
    public mutating func blend(_ color: RGBA, x: Int, y: Int) {
        guard x >= 0, y >= 0, x < width, y < height, color.alpha > 0 else { return }
        let index = y * bytesPerRow + x * 4
        let sourceAlpha = Int(color.alpha)
        if sourceAlpha == 255 {
            self[x, y] = color
            return
        }
        let destinationAlpha = Int(pixels[index + 3])
        let outAlpha = sourceAlpha * 255 + destinationAlpha * (255 - sourceAlpha)  // scaled by 255
        guard outAlpha > 0 else { return }
        let source = [color.red, color.green, color.blue]
        for channel in 0..<3 {
            let value =
                (Int(source[channel]) * sourceAlpha * 255 + Int(pixels[index + channel]) * destinationAlpha * (255 - sourceAlpha))
                / outAlpha
            pixels[index + channel] = UInt8(min(255, value))
        }
        pixels[index + 3] = UInt8(min(255, (outAlpha + 127) / 255))
    }

    /// Draws `image` with its top-left corner at (`x`, `y`), blending over what is there.
    public mutating func draw(_ image: Bitmap, x: Int, y: Int) {
        for row in 0..<image.height {
            for column in 0..<image.width {
                blend(image[column, row], x: x + column, y: y + row)
            }
        }
    }

    /// Fills a rectangle with an opaque or translucent color.
    public mutating func fill(_ color: RGBA, x: Int, y: Int, width: Int, height: Int) {
        for row in max(0, y)..<min(self.height, y + height) {
            for column in max(0, x)..<min(self.width, x + width) {
                blend(color, x: column, y: row)
            }
        }
    }
}
