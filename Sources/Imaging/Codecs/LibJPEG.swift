import CLibJPEG

/// The one file that calls libjpeg (through the C shim, which owns setjmp/longjmp).
enum LibJPEG {
    static func encode(
        _ bitmap: Bitmap, quality: Int, progressive: Bool, colorSpace: JPEGEncoder.ColorSpace, app1: [UInt8]?
    ) throws(ImagingError) -> [UInt8] {
        var data: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: Int(RDX_JPEG_MESSAGE_LENGTH))
        let app1Bytes = app1 ?? []
        let status = bitmap.pixels.withUnsafeBufferPointer { pixels in
            app1Bytes.withUnsafeBufferPointer { marker in
                let options = rdx_jpeg_encode_options(
                    quality: Int32(quality),
                    progressive: progressive ? 1 : 0,
                    color_space: colorSpace.rawValue,
                    app1: app1Bytes.isEmpty ? nil : marker.baseAddress,
                    app1_length: app1Bytes.count
                )
                return rdx_jpeg_encode_rgba(
                    pixels.baseAddress, Int32(bitmap.width), Int32(bitmap.height), bitmap.bytesPerRow,
                    options, &data, &length, &message)
            }
        }
        defer { rdx_jpeg_free(data) }
        guard status == 0, let data else {
            throw .encodingFailed(format: .jpeg, reason: String(cMessage: message))
        }
        return Array(UnsafeBufferPointer(start: data, count: length))
    }
}

extension LibJPEG {
    struct Decoded {
        var bitmap: Bitmap
        var orientation: Int
        var progressive: Bool
    }

    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws(ImagingError) -> Decoded {
        var header = rdx_jpeg_decoded()
        var message = [CChar](repeating: 0, count: Int(RDX_JPEG_MESSAGE_LENGTH))
        let headerStatus = bytes.withUnsafeBufferPointer { rdx_jpeg_read_header($0.baseAddress, $0.count, &header, &message) }
        try check(headerStatus, message: message, header: header, limits: options.limits)
        let numerator = options.scaleNumerator(sourceShortSide: Int(min(header.source_width, header.source_height)))
        let shimOptions = rdx_jpeg_decode_options(
            scale_num: Int32(numerator),
            first_scan_only: options.allowFirstScanOnly && numerator == 1 ? 1 : 0,
            max_pixels: UInt64(options.limits.maxPixels),
            max_side: Int32(clamping: options.limits.maxSide)
        )
        var result = rdx_jpeg_decoded()
        let status = bytes.withUnsafeBufferPointer { rdx_jpeg_decode($0.baseAddress, $0.count, shimOptions, &result, &message) }
        defer { rdx_jpeg_free(result.pixels) }
        try check(status, message: message, header: result, limits: options.limits)
        guard let pixels = result.pixels else { throw .outOfMemory }
        let width = Int(result.width), height = Int(result.height)
        let bitmap = Bitmap(width: width, height: height, pixels: Array(UnsafeBufferPointer(start: pixels, count: width * height * 4)))
        return Decoded(bitmap: bitmap, orientation: Int(result.orientation), progressive: result.progressive != 0)
    }

    private static func check(_ status: Int32, message: [CChar], header: rdx_jpeg_decoded, limits: ImageLimits) throws(ImagingError) {
        switch Int(status) {
        case Int(RDX_JPEG_OK): return
        case Int(RDX_JPEG_TRUNCATED): throw .truncated(format: .jpeg)
        case Int(RDX_JPEG_TOO_LARGE):
            throw .tooLarge(width: Int(header.source_width), height: Int(header.source_height), limits: limits)
        case Int(RDX_JPEG_NO_MEMORY): throw .outOfMemory
        default: throw .corrupt(format: .jpeg, reason: String(cMessage: message))
        }
    }
}
