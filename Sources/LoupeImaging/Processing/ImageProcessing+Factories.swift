// The built-in processors by leading dot, as Nuke's: `processors: [.resize(width: 320), .circle()]`.

extension ImageProcessing where Self == ImageProcessors.Resize {
    /// `ImageProcessors.Resize(width:height:contentMode:crop:upscale:)`.
    public static func resize(
        width: Int, height: Int, contentMode: ImageProcessors.Resize.ContentMode = .aspectFill, crop: Bool = false,
        upscale: Bool = false
    ) -> Self {
        ImageProcessors.Resize(width: width, height: height, contentMode: contentMode, crop: crop, upscale: upscale)
    }

    /// `ImageProcessors.Resize(width:upscale:)`: the width alone, the height as the aspect makes it.
    public static func resize(width: Int, upscale: Bool = false) -> Self {
        ImageProcessors.Resize(width: width, upscale: upscale)
    }

    /// `ImageProcessors.Resize(height:upscale:)`: the height alone, the width as the aspect makes it.
    public static func resize(height: Int, upscale: Bool = false) -> Self {
        ImageProcessors.Resize(height: height, upscale: upscale)
    }

    /// `ImageProcessors.Resize(side:upscale:)`: a square, filled and cropped.
    public static func resize(side: Int, upscale: Bool = false) -> Self {
        ImageProcessors.Resize(side: side, upscale: upscale)
    }
}

extension ImageProcessing where Self == ImageProcessors.Circle {
    /// `ImageProcessors.Circle(ring:)`: the circle cut out, with a ring over its edge or none.
    public static func circle(ring: ImageProcessors.Ring? = nil) -> Self { ImageProcessors.Circle(ring: ring) }
}

extension ImageProcessing where Self == ImageProcessors.RoundedCorners {
    public static func roundedCorners(radius: Double) -> Self { ImageProcessors.RoundedCorners(radius: radius) }
}

extension ImageProcessing where Self == ImageProcessors.Anonymous {
    /// `ImageProcessors.Anonymous(id:_:)`: a closure, named by `id`.
    public static func process(id: String, _ closure: @escaping @Sendable (Bitmap) throws -> Bitmap) -> Self {
        ImageProcessors.Anonymous(id: id, closure)
    }
}
