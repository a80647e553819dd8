/// High-quality downscaling, as libvips does it: an integer box (area) shrink to no more than
/// twice the target, then a separable Lanczos3 filter for the rest.
///
/// Works in premultiplied alpha when the image has transparency, so edges do not darken.
public enum Resampler {
    public static func resize(_ source: Bitmap, width: Int, height: Int) -> Bitmap {
        precondition(width > 0 && height > 0, "a resize needs a positive size")
        if source.width == width && source.height == height { return source }
        let factorX = max(1, source.width / (2 * width))
        let factorY = max(1, source.height / (2 * height))
        let shrunkWidth = source.width / factorX
        let shrunkHeight = source.height / factorY
        // The pass that shrinks more goes first, so the other filters fewer lines.
        let across = shrunkWidth == width ? 0 : FilterTaps.cached(source: shrunkWidth, target: width).window
        let down = shrunkHeight == height ? 0 : FilterTaps.cached(source: shrunkHeight, target: height).window
        let acrossFirst =
            shrunkHeight * width * across + height * width * down <= height * shrunkWidth * down + height * width * across
        var planes: FloatImage
        if factorX == 1 && factorY == 1 && across > 0 && acrossFirst {
            planes = FloatImage(filtering: source, horizontallyTo: width)
        } else {
            planes = FloatImage(source, shrinkX: factorX, shrinkY: factorY)
            if acrossFirst && planes.width != width {
                planes = planes.filteredHorizontally(to: width)
            }
        }
        if planes.height != height {
            planes = planes.filteredVertically(to: height)
        }
        if planes.width != width {
            planes = planes.filteredHorizontally(to: width)
        }
        return planes.bitmap()
    }
}
