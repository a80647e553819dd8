extension ImageProcessors {
    /// An anti-aliased circle cut out of an image (a centered square first, when it is not one):
    /// transparent outside, a smooth one-pixel edge, and an optional ring over the edge. Nuke's
    /// `Circle`, whose `border` is `ring` here. (Its identifier, `circle-mask(…)`, names entries
    /// already on disk, and stays.)
    public struct Circle: ImageProcessing, Hashable {
        /// The ring over the circle's edge, or `nil` for none.
        public var ring: Ring?

        public init(ring: Ring? = nil) {
            self.ring = ring
        }

        public var identifier: String { "circle-mask(" + (ring?.identifier ?? "ring=none") + ")" }

        public func process(_ image: Bitmap) -> Bitmap {
            var output = CropSquare().process(image)
            mask(&output)
            return output
        }

        /// Cuts `image`, a square, to the circle in place: for a caller that holds the only copy
        /// (`process` gets a borrowed one, so its first write copies the pixels).
        func mask(_ image: inout Bitmap) {
            let size = image.width
            let stride = image.bytesPerRow
            let radius = Double(size) / 2
            let innerRadius = ring.map { radius - $0.width } ?? radius
            let ringColor = ring?.color ?? RGBA(0, 0, 0, 0)
            let ringChannels = (Double(ringColor.red), Double(ringColor.green), Double(ringColor.blue))
            // Pixels this close to the center are wholly inside: left exactly as they are. They
            // are one run in the middle of a row, so each row is worked from both ends inwards to
            // it. Pixels this far out are wholly outside: cleared with no square root.
            let untouched = max(0, innerRadius - 0.5) * max(0, innerRadius - 0.5)
            let cleared = (max(radius, innerRadius) + 0.5) * (max(radius, innerRadius) + 0.5)
            image.pixels.withUnsafeMutableBufferPointer { pixels in
                /// Masks one pixel; false when it is wholly inside.
                func edge(_ x: Int, _ y: Int, _ dy: Double) -> Bool {
                    let dx = Double(x) + 0.5 - radius
                    let squared = dx * dx + dy * dy
                    if squared <= untouched { return false }
                    let index = y * stride + x * 4
                    if squared >= cleared {
                        UnsafeMutableRawBufferPointer(pixels).storeBytes(of: 0, toByteOffset: index, as: UInt32.self)
                        return true
                    }
                    let distance = squared.squareRoot()
                    // Coverage of a one-pixel-wide edge: 1 inside, 0 outside, linear across it.
                    let outer = min(max(radius - distance + 0.5, 0), 1)
                    let inner = min(max(innerRadius - distance + 0.5, 0), 1)
                    let imageAlpha = Double(pixels[index + 3]) / 255
                    let imagePart = inner * imageAlpha
                    let ringPart = outer - inner
                    let alpha = imagePart + ringPart
                    guard alpha > 0 else {
                        UnsafeMutableRawBufferPointer(pixels).storeBytes(of: 0, toByteOffset: index, as: UInt32.self)
                        return true
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
                    return true
                }
                for y in 0..<size {
                    let dy = Double(y) + 0.5 - radius
                    var left = 0
                    while left < size, edge(left, y, dy) { left += 1 }
                    var right = size - 1
                    while right > left, edge(right, y, dy) { right -= 1 }
                }
            }
        }
    }
}

extension ImageProcessors {
    /// A ring of `color` over the edge of a circle: on its own, drawn on an image already cut to
    /// a circle (what `Circle(ring:)` gives in one step, pixel for pixel).
    public struct Ring: ImageProcessing, Hashable {
        public var color: RGBA
        /// In pixels.
        public var width: Double

        public init(color: RGBA, width: Double) {
            self.color = color
            self.width = width
        }

        public var identifier: String { "ring=\(color.hex)/\(width)" }

        /// All of it is finishing: drawn on in microseconds, so a cache keeps what it is drawn on.
        public var finishingStep: (before: (any ImageProcessing)?, finishing: any ImageProcessing)? { (nil, self) }

        public func process(_ image: Bitmap) -> Bitmap {
            Circle(ring: self).process(image)
        }
    }
}

extension ImageProcessors {
    /// Cuts the largest centered square out of an image.
    public struct CropSquare: ImageProcessing, Hashable {
        public init() {}

        public var identifier: String { "crop-square" }

        public func process(_ image: Bitmap) -> Bitmap {
            let side = min(image.width, image.height)
            guard image.width != image.height else { return image }
            return image.cropped(x: (image.width - side) / 2, y: (image.height - side) / 2, width: side, height: side)
        }
    }
}
