import CLibPNG

/// The one file that calls libpng (through the C shim, which owns setjmp/longjmp).
enum LibPNG {
    enum Layout {
        case rgba
        case palette([RGBA])
    }

    static func encode(
        pixels: [UInt8], width: Int, height: Int, bytesPerRow: Int, layout: Layout, compressionLevel: Int
    ) throws(ImagingError) -> [UInt8] {
        var data: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: Int(RDX_PNG_MESSAGE_LENGTH))
        var paletteBytes: [UInt8] = []
        var shimLayout = RDX_PNG_RGBA
        if case .palette(let colours) = layout {
            shimLayout = RDX_PNG_PALETTE
            paletteBytes = colours.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }
        }
        let status = pixels.withUnsafeBufferPointer { pixelBuffer in
            paletteBytes.withUnsafeBufferPointer { palette in
                let options = rdx_png_encode_options(
                    layout: shimLayout,
                    compression_level: Int32(max(0, min(9, compressionLevel))),
                    palette_rgba: palette.baseAddress,
                    palette_count: Int32(paletteBytes.count / 4)
                )
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
    static func decode(_ bytes: [UInt8], limits: ImageLimits) throws(ImagingError) -> Bitmap {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(RDX_PNG_MESSAGE_LENGTH))
        let status = bytes.withUnsafeBufferPointer { buffer in
            rdx_png_decode(
                buffer.baseAddress, buffer.count, UInt64(limits.maxPixels), Int32(clamping: limits.maxSide),
                &pixels, &width, &height, &message)
        }
        defer { rdx_png_free(pixels) }
        switch Int(status) {
        case Int(RDX_PNG_OK): break
        case Int(RDX_PNG_TOO_LARGE): throw .tooLarge(width: Int(width), height: Int(height), limits: limits)
        case Int(RDX_PNG_NO_MEMORY): throw .outOfMemory
        default:
            let reason = String(cMessage: message)
            // libpng words a cut-off file as a read or CRC error past the end of the data.
            if reason.contains("unexpected end") || reason.contains("Not enough image data") || reason.contains("Read Error") {
                throw .truncated(format: .png)
            }
            throw .corrupt(format: .png, reason: reason)
        }
        guard let pixels else { throw .outOfMemory }
        let count = Int(width) * Int(height) * 4
        return Bitmap(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
    }
}
