extension ImageProcessors {
    /// A circular thumbnail: center square crop, high-quality resize, an anti-aliased circle
    /// (transparent outside, a smooth one-pixel edge), and an optional ring in a given color. The
    /// composition `[Resize(side: size, upscale: true), Circle(ring: …)]`, pixel for pixel, as one
    /// value with a short identifier and the ring split off as its finishing step.
    public struct CircleThumbnail: ImageProcessing, Hashable {
        /// Width and height of the result, in pixels.
        public let size: Int
        /// The ring's color, or `nil` for none.
        public let ring: RGBA?
        /// Ring width in pixels; by default about a sixteenth of the size, at least 2.
        public let ringWidth: Double
        /// Made once: a list asks the memory cache for dozens of circles a frame, and formatting
        /// it is most of a hit.
        public let identifier: String

        public init(size: Int, ring: RGBA? = nil, ringWidth: Double? = nil) {
            precondition(size > 0, "a thumbnail needs a positive size")
            let width = ringWidth ?? max(2, Double(size) / 16)
            self.size = size
            self.ring = ring
            self.ringWidth = width
            self.identifier = "circle(size=\(size),\(ring.map { Ring(color: $0, width: width).identifier } ?? "ring=none"))"
        }

        public var minimumInputSide: Int? { size }

        /// The same steps as processors that compose: a resize, then the mask and its ring.
        public var steps: [any ImageProcessing] { [Resize(side: size, upscale: true), mask] }

        /// The plain circle and the ring drawn on it, when that gives this circle's pixels: the
        /// ring is at least a pixel wide, so every pixel the plain circle's edge changes lies under
        /// it. A cache keeps only plain circles.
        public var finishingStep: (before: (any ImageProcessing)?, finishing: any ImageProcessing)? {
            guard let ring, ringWidth >= 1 else { return nil }
            return (CircleThumbnail(size: size), Ring(color: ring, width: ringWidth))
        }

        private var mask: Circle { Circle(ring: ring.map { Ring(color: $0, width: ringWidth) }) }

        public func process(_ image: Bitmap) -> Bitmap {
            // The resized square is masked where it lies: no copy of its pixels.
            var output = Resampler.resize(CropSquare().process(image), width: size, height: size)
            mask.mask(&output)
            return output
        }
    }
}
