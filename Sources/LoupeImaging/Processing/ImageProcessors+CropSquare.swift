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
