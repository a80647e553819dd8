/// A circular thumbnail: center square crop, high-quality resize, an anti-aliased circle
/// (transparent outside, a smooth one-pixel edge), and an optional ring in a given color. The
/// composition `[Resize(side: size, upscale: true), Circle(ring: …)]`, pixel for pixel, as one
/// value with a short identifier and the ring-over-plain shortcut.
extension ImageProcessors {
    /// The circle's size and ring; its `identifier` goes into cache keys.
    public struct CircleThumbnail: ImageProcessing, Hashable {
        /// Width and height of the result, in pixels.
        public let size: Int
        /// The ring's color, or `nil` for none.
        public let ring: RGBA?
        /// Ring width in pixels; by default about a sixteenth of the size, at least 2.
        public let ringWidth: Double
        /// Goes into cache keys: every parameter that changes the pixels. Made once: a list asks
        /// the memory cache for dozens of circles a frame, and formatting it is most of a hit.
        public let identifier: String

        public init(size: Int, ring: RGBA? = nil, ringWidth: Double? = nil) {
            precondition(size > 0, "a thumbnail needs a positive size")
            let width = ringWidth ?? max(2, Double(size) / 16)
            self.size = size
            self.ring = ring
            self.ringWidth = width
            self.identifier = "circle(size=\(size),\(ring.map { Ring(color: $0, width: width).identifier } ?? "ring=none"))"
        }

        /// The square's short side is all a circle of `size` needs.
        public var minimumInputSide: Int? { size }

        /// The same steps as processors that compose: a resize, then the mask and its ring.
        public var steps: [any ImageProcessing] {
            [Resize(side: size, upscale: true), mask]
        }

        /// The plain circle and the ring drawn on it, when that gives this circle's pixels
        /// (`ringDrawsOverThePlainCircle`): a cache keeps only plain circles.
        public var finishingStep: (before: (any ImageProcessing)?, finishing: any ImageProcessing)? {
            guard ringDrawsOverThePlainCircle, let ring else { return nil }
            return (plain, Ring(color: ring, width: ringWidth))
        }

        /// The mask and ring this circle cuts its resized square with.
        private var mask: Circle { Circle(ring: ring.map { Ring(color: $0, width: ringWidth) }) }

        /// The same circle without its ring.
        public var plain: CircleThumbnail { CircleThumbnail(size: size) }

        /// Whether `ringed(_:)` of the plain circle gives exactly what `process` gives: the ring
        /// is at least a pixel wide, so every pixel the plain circle's edge changes lies under it.
        public var ringDrawsOverThePlainCircle: Bool { ring != nil && ringWidth >= 1 }

        /// This circle's ring drawn on `plain`, the plain circle of the same size (`plain.process`
        /// of the same image): the very pixels `process` makes, for a few microseconds instead of
        /// a decode and a resize. Only when `ringDrawsOverThePlainCircle`.
        public func ringed(_ plain: Bitmap) -> Bitmap {
            precondition(ringDrawsOverThePlainCircle && plain.width == size && plain.height == size)
            return mask.process(plain)
        }

        public func process(_ image: Bitmap) -> Bitmap {
            let side = min(image.width, image.height)
            let square = image.cropped(x: (image.width - side) / 2, y: (image.height - side) / 2, width: side, height: side)
            return mask.process(Resampler.resize(square, width: size, height: size))
        }
    }
}
