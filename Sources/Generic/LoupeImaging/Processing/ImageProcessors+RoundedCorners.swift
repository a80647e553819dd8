extension ImageProcessors {
    /// Corners rounded to `radius` pixels, anti-aliased: what is outside them becomes transparent.
    public struct RoundedCorners: ImageProcessing, Hashable {
        /// In pixels; at most half the shorter side.
        public var radius: Double

        public init(radius: Double) {
            precondition(radius >= 0, "a corner radius is 0 or more")
            self.radius = radius
        }

        public var identifier: String { "rounded-corners(\(radius))" }

        public func process(_ image: Bitmap) -> Bitmap {
            let radius = min(self.radius, Double(min(image.width, image.height)) / 2)
            guard radius > 0 else { return image }
            var output = image
            let (width, height, stride) = (image.width, image.height, image.bytesPerRow)
            let reach = Int(radius.rounded(.up))
            output.pixels.withUnsafeMutableBufferPointer { pixels in
                for y in 0..<height where y < reach || y >= height - reach {
                    for x in 0..<width where x < reach || x >= width - reach {
                        // The distance from the corner's center, for pixels in a corner's square.
                        let centerX = x < reach ? radius : Double(width) - radius
                        let centerY = y < reach ? radius : Double(height) - radius
                        let dx = max(0, x < reach ? centerX - (Double(x) + 0.5) : Double(x) + 0.5 - centerX)
                        let dy = max(0, y < reach ? centerY - (Double(y) + 0.5) : Double(y) + 0.5 - centerY)
                        let coverage = min(max(radius - (dx * dx + dy * dy).squareRoot() + 0.5, 0), 1)
                        guard coverage < 1 else { continue }
                        let index = y * stride + x * 4
                        let alpha = (Double(pixels[index + 3]) * coverage).rounded()
                        if alpha == 0 {
                            pixels[index] = 0
                            pixels[index + 1] = 0
                            pixels[index + 2] = 0
                        }
                        pixels[index + 3] = UInt8(alpha)
                    }
                }
            }
            return output
        }
    }
}
