extension ImageProcessors {
    /// A square thumbnail, opaque where its image is (for formats with no alpha, such as JPEG):
    /// `Resize(side: size, upscale: true)`'s pixels, under an identifier of its own.
    public struct Square: ImageProcessing, Hashable {
        /// Width and height of the result, in pixels.
        public var size: Int

        public init(size: Int) {
            precondition(size > 0, "a thumbnail needs a positive size")
            self.size = size
        }

        public var identifier: String { "square(size=\(size))" }
        public var minimumInputSide: Int? { size }

        public func process(_ image: Bitmap) -> Bitmap { Resize(side: size, upscale: true).process(image) }
    }
}
