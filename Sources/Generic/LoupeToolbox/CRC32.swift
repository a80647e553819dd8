import CLoupeZlibSystem

/// CRC-32 (zlib's): the checksum disk cache entries and PNG chunks carry.
package enum CRC32 {
    package static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        continuing(0, bytes)
    }

    package static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
        Array(bytes).withUnsafeBytes { checksum($0) }
    }

    /// The checksum of earlier bytes (whose checksum is `start`) followed by `bytes`. zlib's
    /// `crc32` takes a 32-bit length: longer buffers go in pieces.
    package static func continuing(_ start: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return start }
        var crc = uLong(start)
        var offset = 0
        while offset < bytes.count {
            let chunk = min(bytes.count - offset, Int(UInt32.max))
            crc = crc32(crc, base.advanced(by: offset).assumingMemoryBound(to: Bytef.self), uInt(chunk))
            offset += chunk
        }
        return UInt32(truncatingIfNeeded: crc)
    }
}
