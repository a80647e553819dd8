/// High-quality downscaling, as libvips does it: an integer box (area) shrink to no more than
/// twice the target, then a separable Lanczos3 filter for the rest.
///
/// Works in premultiplied alpha when the image has transparency, so edges do not darken. Either
/// way streams (`RowResampler`): only the filter's window of intermediate rows is kept, in a ring.
public enum Resampler {
    public static func resize(_ source: Bitmap, width: Int, height: Int) -> Bitmap {
        precondition(width > 0 && height > 0, "a resize needs a positive size")
        if source.width == width && source.height == height { return source }
        let rowBytes = width * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { output, initialized in
            guard let target = output.baseAddress else { return }
            resize(source, width: width, height: height) { y, row in
                (target + y * rowBytes).initialize(from: row.baseAddress!, count: rowBytes)
            }
            initialized = rowBytes * height
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// The rows of `resize(source, width:height:)`, top to bottom, for a caller that reads each
    /// row once (cell art): `body` gets each row's index and its `width` RGBA pixels (straight
    /// alpha), valid only during the call; the result is never held whole.
    public static func resize(
        _ source: Bitmap, width: Int, height: Int, rows body: (_ y: Int, _ row: UnsafeBufferPointer<UInt8>) -> Void
    ) {
        precondition(width > 0 && height > 0, "a resize needs a positive size")
        source.pixels.withUnsafeBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            if source.width == width && source.height == height {
                for y in 0..<height {
                    body(y, UnsafeBufferPointer(start: base + y * source.bytesPerRow, count: width * 4))
                }
                return
            }
            RowResampler(source, base: base, width: width, height: height).run(body)
        }
    }
}
