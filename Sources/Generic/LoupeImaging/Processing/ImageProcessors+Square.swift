/// A square thumbnail: center square crop and high-quality resize, opaque (for formats with no
/// alpha, such as JPEG).
extension ImageProcessors {
    /// The square's size; its `identifier` goes into cache keys.
    public struct Square: ImageProcessing, Hashable {
        /// Width and height of the result, in pixels.
        public var size: Int

        public init(size: Int) {
            precondition(size > 0, "a thumbnail needs a positive size")
            self.size = size
        }

        public var identifier: String { "square(size=\(size))" }

        /// The square's short side is all it needs of its input.
        public var minimumInputSide: Int? { size }

        public func process(_ image: Bitmap) -> Bitmap {
            let side = min(image.width, image.height)
            let square = image.cropped(x: (image.width - side) / 2, y: (image.height - side) / 2, width: side, height: side)
            return Resampler.resize(square, width: size, height: size)
        }
    }
}
