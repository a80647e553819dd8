extension ImageProcessors {
    /// Scales an image to fit in, or to fill, a size (Lanczos3, with a box pre-pass for large
    /// reductions), keeping its aspect; never upscales unless asked.
    public struct Resize: ImageProcessing, Hashable {
        /// How the image meets the size.
        public enum ContentMode: String, Sendable, Hashable {
            /// The whole image inside the size; one side may come out shorter.
            case aspectFit = "fit"
            /// The size covered; with `crop`, cut to it around the center.
            case aspectFill = "fill"
        }

        public var width: Int
        public var height: Int
        public var contentMode: ContentMode
        /// With `aspectFill`, cut what overflows the size around the center.
        public var crop: Bool
        /// Scale images smaller than the size up (off by default: an upscale adds no detail).
        public var upscale: Bool

        public init(width: Int, height: Int, contentMode: ContentMode = .aspectFill, crop: Bool = false, upscale: Bool = false) {
            precondition(width > 0 && height > 0, "a resize needs a positive size")
            self.width = width
            self.height = height
            self.contentMode = contentMode
            self.crop = crop
            self.upscale = upscale
        }

        /// `width` pixels wide, as tall as the aspect makes it (Nuke's `Resize(width:)`).
        public init(width: Int, upscale: Bool = false) {
            self.init(width: width, height: Self.unbounded, contentMode: .aspectFit, upscale: upscale)
        }

        /// `height` pixels tall, as wide as the aspect makes it (Nuke's `Resize(height:)`).
        public init(height: Int, upscale: Bool = false) {
            self.init(width: Self.unbounded, height: height, contentMode: .aspectFit, upscale: upscale)
        }

        /// A side left free by `init(width:)` and `init(height:)`.
        static let unbounded = Int.max

        /// A square of `side` pixels, filled and cropped: a thumbnail's usual first step.
        public init(side: Int, upscale: Bool = false) {
            self.init(width: side, height: side, contentMode: .aspectFill, crop: true, upscale: upscale)
        }

        public var identifier: String {
            let width = width == Self.unbounded ? "_" : "\(width)"
            let height = height == Self.unbounded ? "_" : "\(height)"
            return "resize(\(width)x\(height),\(contentMode.rawValue)\(crop ? ",crop" : "")\(upscale ? ",upscale" : ""))"
        }

        /// Filling needs the long side of the size on the short side of the image; fitting, the
        /// short side of the size.
        public var minimumInputSide: Int? {
            contentMode == .aspectFill ? max(width, height) : min(width, height)
        }

        public func process(_ image: Bitmap) -> Bitmap {
            let scaleX = Double(width) / Double(image.width)
            let scaleY = Double(height) / Double(image.height)
            var scale = contentMode == .aspectFill ? max(scaleX, scaleY) : min(scaleX, scaleY)
            if !upscale { scale = min(scale, 1) }
            if contentMode == .aspectFill, crop {
                // The part of the image that ends up in the size, cut first: less to resample.
                let cropWidth = min(image.width, max(1, Int((Double(width) / scale).rounded())))
                let cropHeight = min(image.height, max(1, Int((Double(height) / scale).rounded())))
                let source = image.cropped(
                    x: (image.width - cropWidth) / 2, y: (image.height - cropHeight) / 2, width: cropWidth, height: cropHeight)
                let outWidth = min(width, max(1, Int((Double(cropWidth) * scale).rounded())))
                let outHeight = min(height, max(1, Int((Double(cropHeight) * scale).rounded())))
                return Resampler.resize(source, width: outWidth, height: outHeight)
            }
            let outWidth = max(1, Int((Double(image.width) * scale).rounded()))
            let outHeight = max(1, Int((Double(image.height) * scale).rounded()))
            guard outWidth != image.width || outHeight != image.height else { return image }
            return Resampler.resize(image, width: outWidth, height: outHeight)
        }
    }
}
