import LoupeImaging

/// Fuzzes sniffing, decoding and thumbnailing: any bytes give a bitmap that keeps every promise
/// or a described error; a broken promise stops the run (libFuzzer saves the input).
public enum ImageFuzzTarget {
    /// Small limits, so the fuzzer spends its time on parsing rather than on huge allocations.
    static let limits = ImageLimits(maxPixels: 4_000_000, maxSide: 4096)

    public static let callback: FuzzCallback = { start, count in
        run(FuzzDriver.bytes(start, count))
        return 0
    }

    /// Returns whether the bytes decoded.
    @discardableResult
    public static func run(_ bytes: [UInt8]) -> Bool {
        let format = ImageSniffer.format(of: bytes)
        let decoder = ImageDecoder(options: DecodeOptions(limits: limits))
        var decoded = false
        do {
            let bitmap = try decoder.decode(bytes)
            decoded = true
            check(format != nil, "decoded bytes that do not sniff as an image")
            check(bitmap.width >= 1 && bitmap.height >= 1, "empty bitmap \(bitmap.width)x\(bitmap.height)")
            check(bitmap.width <= limits.maxSide && bitmap.height <= limits.maxSide, "bitmap over the limits")
            check(bitmap.pixels.count == bitmap.bytesPerRow * bitmap.height, "pixel buffer of the wrong size")
            let size = try decoder.size(of: bytes)
            check(
                Set([size.width, size.height]) == Set([bitmap.width, bitmap.height]),
                "header says \(size.width)x\(size.height), decoded \(bitmap.width)x\(bitmap.height)")
        } catch {
            check(!error.description.isEmpty, "an error without a description")
        }
        if let thumbnail = try? Thumbnailer(circle: ImageProcessors.CircleThumbnail(size: 24), limits: limits).thumbnail(bytes) {
            check(thumbnail.width == 24 && thumbnail.height == 24, "thumbnail \(thumbnail.width)x\(thumbnail.height)")
        }
        return decoded
    }
}
