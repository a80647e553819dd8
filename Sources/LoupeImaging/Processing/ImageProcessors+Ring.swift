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
