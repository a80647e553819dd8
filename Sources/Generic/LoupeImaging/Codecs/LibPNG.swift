import CLoupePNG

/// The one file that calls libpng (through the C shim, which owns setjmp/longjmp).
enum LibPNG {
    enum Layout {
        case rgba
        case palette([RGBA])
    }

    static func encode(
        pixels: [UInt8], width: Int, height: Int, bytesPerRow: Int, layout: Layout, compressionLevel: Int,
        singleFilter: Bool = false, runLength: Bool = false
    ) throws(ImagingError) -> [UInt8] {
        var data: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: Int(LOUPE_PNG_MESSAGE_LENGTH))
        var paletteBytes: [UInt8] = []
        var shimLayout = LOUPE_PNG_RGBA
        if case .palette(let colors) = layout {
            shimLayout = LOUPE_PNG_PALETTE
            paletteBytes = colors.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }
        }
        let status = pixels.withUnsafeBufferPointer { pixelBuffer in
            paletteBytes.withUnsafeBufferPointer { palette in
                let options = rdx_png_encode_options(
                    layout: shimLayout, compression_level: Int32(max(0, min(9, compressionLevel))),
                    single_filter: singleFilter ? 1 : 0, run_length: runLength ? 1 : 0, palette_rgba: palette.baseAddress,
                    palette_count: Int32(paletteBytes.count / 4))
                return rdx_png_encode(
                    pixelBuffer.baseAddress, Int32(width), Int32(height), bytesPerRow,
                    options, &data, &length, &message)
            }
        }
        defer { rdx_png_free(data) }
        guard status == 0, let data else {
            throw .encodingFailed(format: .png, reason: String(cMessage: message))
        }
        return Array(UnsafeBufferPointer(start: data, count: length))
    }
}

extension LibPNG {
    /// RGBA, every row filtered UP, deflated as runs at distance one by the shim's own writer
    /// (`rdx_png_encode_rle`): no libpng, no zlib deflate.
    static func encodeRunLength(pixels: [UInt8], width: Int, height: Int, bytesPerRow: Int) throws(ImagingError) -> [UInt8] {
        var data: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = pixels.withUnsafeBufferPointer { buffer in
            rdx_png_encode_rle(buffer.baseAddress, Int32(width), Int32(height), bytesPerRow, &data, &length)
        }
        defer { rdx_png_free(data) }
        guard status == 0, let data else {
            throw .encodingFailed(format: .png, reason: "cannot encode a \(width)x\(height) image (too large, or out of memory)")
        }
        return Array(UnsafeBufferPointer(start: data, count: length))
    }
}

extension LibPNG {
    static func decode(_ bytes: [UInt8], limits: ImageLimits) throws(ImagingError) -> Bitmap {
        var decoded: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0
        var height: Int32 = 0
        var status: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(LOUPE_PNG_MESSAGE_LENGTH))
        // Decode straight into the bitmap's storage when the header's size is known and allowed.
        let (headerWidth, headerHeight) = headerSize(bytes)
        let fits =
            headerWidth > 0 && headerHeight > 0 && headerWidth <= limits.maxSide && headerHeight <= limits.maxSide
            && headerWidth * headerHeight <= limits.maxPixels
        let capacity = fits ? headerWidth * headerHeight * 4 : 0
        var pixels = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            status = bytes.withUnsafeBufferPointer { input in
                rdx_png_decode(
                    input.baseAddress, input.count, UInt64(limits.maxPixels), Int32(clamping: limits.maxSide),
                    buffer.baseAddress, capacity, &decoded, &width, &height, &message)
            }
            count = status == 0 && decoded == buffer.baseAddress ? capacity : 0
        }
        switch Int(status) {
        case Int(LOUPE_PNG_OK): break
        case Int(LOUPE_PNG_TOO_LARGE): throw .tooLarge(width: Int(width), height: Int(height), limits: limits)
        case Int(LOUPE_PNG_NO_MEMORY): throw .outOfMemory
        case Int(LOUPE_PNG_TRUNCATED): throw .truncated(format: .png)
        default: throw .corrupt(format: .png, reason: String(cMessage: message))
        }
        if pixels.isEmpty {
            guard let own = decoded else { throw .outOfMemory }
            defer { rdx_png_free(own) }
            pixels = Array(UnsafeBufferPointer(start: own, count: Int(width) * Int(height) * 4))
        }
        return Bitmap(width: Int(width), height: Int(height), pixels: pixels)
    }

    /// Width and height from the IHDR chunk, or zeros when the bytes do not start with one.
    static func headerSize(_ bytes: [UInt8]) -> (Int, Int) {
        guard bytes.count >= 24, bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else { return (0, 0) }
        func uint32(_ offset: Int) -> Int {
            Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        }
        return (uint32(16), uint32(20))
    }
}
