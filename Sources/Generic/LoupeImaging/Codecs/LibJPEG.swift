import CLoupeJPEG

/// The one file that calls libjpeg (through the C shim, which owns setjmp/longjmp).
enum LibJPEG {
    static func encode(
        _ bitmap: Bitmap, quality: Int, progressive: Bool, colorSpace: JPEGEncoder.ColorSpace, app1: [UInt8]?
    ) throws(ImagingError) -> [UInt8] {
        var data: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: Int(LOUPE_JPEG_MESSAGE_LENGTH))
        let app1Bytes = app1 ?? []
        let status = bitmap.pixels.withUnsafeBufferPointer { pixels in
            app1Bytes.withUnsafeBufferPointer { marker in
                let options = rdx_jpeg_encode_options(
                    quality: Int32(quality), progressive: progressive ? 1 : 0, color_space: colorSpace.rawValue,
                    app1: app1Bytes.isEmpty ? nil : marker.baseAddress, app1_length: app1Bytes.count)
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
    /// The pixels, and the Exif orientation they are stored in.
    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws(ImagingError) -> (bitmap: Bitmap, orientation: Int) {
        let header = try header(bytes, limits: options.limits)
        var message = [CChar](repeating: 0, count: Int(LOUPE_JPEG_MESSAGE_LENGTH))
        let numerator = options.scaleNumerator(sourceShortSide: Int(min(header.source_width, header.source_height)))
        let firstScanOnly = options.allowFirstScanOnly && numerator == 1
        // Decoding only the first scan never reads the rest, so a file cut short after it would
        // pass as whole: ask for its end marker instead.
        if firstScanOnly, header.progressive != 0, !ImageSniffer.isComplete(bytes) { throw .truncated(format: .jpeg) }
        // libjpeg's output size for a scale: ceil(source * n / 8). Decoding straight into the
        // bitmap's storage saves an allocation and a copy per image.
        let width = (Int(header.source_width) * numerator + 7) / 8
        let height = (Int(header.source_height) * numerator + 7) / 8
        let fits =
            Int(header.source_width) <= options.limits.maxSide && Int(header.source_height) <= options.limits.maxSide
            && Int(header.source_width) * Int(header.source_height) <= options.limits.maxPixels
        let capacity = fits ? width * height * 4 : 0
        var result = rdx_jpeg_decoded()
        var status: Int32 = 0
        var pixels = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            let shimOptions = rdx_jpeg_decode_options(
                scale_num: Int32(numerator), first_scan_only: firstScanOnly ? 1 : 0, max_pixels: UInt64(options.limits.maxPixels),
                max_side: Int32(clamping: options.limits.maxSide), output: buffer.baseAddress, output_capacity: capacity)
            status = bytes.withUnsafeBufferPointer { rdx_jpeg_decode($0.baseAddress, $0.count, shimOptions, &result, &message) }
            count = status == 0 && result.pixels == buffer.baseAddress ? capacity : 0
        }
        try check(status, message: message, header: result, limits: options.limits)
        if pixels.isEmpty {
            // The decoder chose its own buffer (a size this code did not predict): copy it.
            guard let own = result.pixels else { throw .outOfMemory }
            defer { rdx_jpeg_free(own) }
            pixels = Array(UnsafeBufferPointer(start: own, count: Int(result.width) * Int(result.height) * 4))
        }
        return (Bitmap(width: Int(result.width), height: Int(result.height), pixels: pixels), Int(result.orientation))
    }

    /// The stored width and height, from the header alone.
    static func size(_ bytes: [UInt8]) throws(ImagingError) -> (width: Int, height: Int) {
        let header = try header(bytes, limits: ImageLimits())
        return (Int(header.source_width), Int(header.source_height))
    }

    private static func header(_ bytes: [UInt8], limits: ImageLimits) throws(ImagingError) -> rdx_jpeg_decoded {
        var header = rdx_jpeg_decoded()
        var message = [CChar](repeating: 0, count: Int(LOUPE_JPEG_MESSAGE_LENGTH))
        let status = bytes.withUnsafeBufferPointer { rdx_jpeg_read_header($0.baseAddress, $0.count, &header, &message) }
        try check(status, message: message, header: header, limits: limits)
        return header
    }

    private static func check(_ status: Int32, message: [CChar], header: rdx_jpeg_decoded, limits: ImageLimits)
        throws(ImagingError)
    {
        switch Int(status) {
        case Int(LOUPE_JPEG_OK): return
        case Int(LOUPE_JPEG_TRUNCATED): throw .truncated(format: .jpeg)
        case Int(LOUPE_JPEG_TOO_LARGE):
            throw .tooLarge(width: Int(header.source_width), height: Int(header.source_height), limits: limits)
        case Int(LOUPE_JPEG_NO_MEMORY): throw .outOfMemory
        case Int(LOUPE_JPEG_UNSUPPORTED): throw .unsupported(format: .jpeg, reason: String(cMessage: message))
        default: throw .corrupt(format: .jpeg, reason: String(cMessage: message))
        }
    }
}
