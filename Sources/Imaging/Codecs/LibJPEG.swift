import CLibJPEG

/// The one file that calls libjpeg (through the C shim, which owns setjmp/longjmp).
enum LibJPEG {
    static func encode(_ bitmap: Bitmap, quality: Int, progressive: Bool, app1: [UInt8]?) throws(ImagingError) -> [UInt8] {
        var data: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: Int(RDX_JPEG_MESSAGE_LENGTH))
        let app1Bytes = app1 ?? []
        let status = bitmap.pixels.withUnsafeBufferPointer { pixels in
            app1Bytes.withUnsafeBufferPointer { marker in
                let options = rdx_jpeg_encode_options(
                    quality: Int32(quality),
                    progressive: progressive ? 1 : 0,
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
            throw .encodingFailed(format: .jpeg, reason: String(cString: message))
        }
        return Array(UnsafeBufferPointer(start: data, count: length))
    }
}
