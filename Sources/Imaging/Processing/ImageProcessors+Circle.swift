/// A circular thumbnail: centre square crop, high-quality resize, an anti-aliased circle
/// (transparent outside, a smooth one-pixel edge), and an optional ring in a given colour.
extension ImageProcessors {
    /// The circle's size and ring; its `identifier` goes into cache keys.
    public struct Circle: Sendable, Hashable {
        /// Width and height of the result, in pixels.
        public var size: Int
        /// The ring's colour, or `nil` for none.
        public var ring: RGBA?
        /// Ring width in pixels; by default about a sixteenth of the size, at least 2.
        public var ringWidth: Double

        public init(size: Int, ring: RGBA? = nil, ringWidth: Double? = nil) {
            precondition(size > 0, "a thumbnail needs a positive size")
            self.size = size
            self.ring = ring
            self.ringWidth = ringWidth ?? max(2, Double(size) / 16)
        }

        /// Goes into cache keys: every parameter that changes the pixels.
        public var identifier: String {
            let ringPart = ring.map { "ring=\($0.hex)/\(ringWidth)" } ?? "ring=none"
            return "circle(size=\(size),\(ringPart))"
        }

        /// The same circle without its ring.
        public var plain: Circle { Circle(size: size) }

        /// Whether `ringed(_:)` of the plain circle gives exactly what `process` gives: the ring
        /// is at least a pixel wide, so every pixel the plain circle's edge changes lies under it.
        public var ringDrawsOverThePlainCircle: Bool { ring != nil && ringWidth >= 1 }

        /// This circle's ring drawn on `plain`, the plain circle of the same size (`plain.process`
        /// of the same image): the very pixels `process` makes, for a few microseconds instead of
        /// a decode and a resize. Only when `ringDrawsOverThePlainCircle`.
        public func ringed(_ plain: Bitmap) -> Bitmap {
            precondition(ringDrawsOverThePlainCircle && plain.width == size && plain.height == size)
            var output = plain
            mask(&output)
            return output
        }

        public func process(_ image: Bitmap) -> Bitmap {
            let side = min(image.width, image.height)
            let square = image.cropped(x: (image.width - side) / 2, y: (image.height - side) / 2, width: side, height: side)
            var output = Resampler.resize(square, width: size, height: size)
            mask(&output)
            return output
        }

        private func mask(_ image: inout Bitmap) {
            let radius = Double(size) / 2
            let innerRadius = ring == nil ? radius : radius - ringWidth
            let ringColour = ring ?? RGBA(0, 0, 0, 0)
            let ringChannels = (Double(ringColour.red), Double(ringColour.green), Double(ringColour.blue))
            // Pixels this close to the centre are wholly inside: left exactly as they are.
            let untouched = max(0, innerRadius - 0.5) * max(0, innerRadius - 0.5)
            image.pixels.withUnsafeMutableBufferPointer { pixels in
                for y in 0..<size {
                    let dy = Double(y) + 0.5 - radius
                    for x in 0..<size {
                        let dx = Double(x) + 0.5 - radius
                        let squared = dx * dx + dy * dy
                        if squared <= untouched { continue }
                        let distance = squared.squareRoot()
                        // Coverage of a one-pixel-wide edge: 1 inside, 0 outside, linear across it.
                        let outer = min(max(radius - distance + 0.5, 0), 1)
                        let inner = min(max(innerRadius - distance + 0.5, 0), 1)
                        let index = (y * size + x) * 4
                        let imageAlpha = Double(pixels[index + 3]) / 255
                        let imagePart = inner * imageAlpha
                        let ringPart = outer - inner
                        let alpha = imagePart + ringPart
                        guard alpha > 0 else {
                            pixels[index] = 0
                            pixels[index + 1] = 0
                            pixels[index + 2] = 0
                            pixels[index + 3] = 0
                            continue
                        }
                        if ringPart > 0 {
                            func mix(_ channel: Int, _ ringValue: Double) {
                                let mixed = (Double(pixels[index + channel]) * imagePart + ringValue * ringPart) / alpha
                                pixels[index + channel] = UInt8(min(255, mixed.rounded()))
                            }
                            mix(0, ringChannels.0)
                            mix(1, ringChannels.1)
                            mix(2, ringChannels.2)
                        }
                        pixels[index + 3] = UInt8(min(255, (alpha * 255).rounded()))
                    }
                }
            }
        }
    }
}
