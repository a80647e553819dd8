import CZlibSystem

/// CRC-32 (zlib's, as PNG chunks use it), to forge consistent damage in test files.
public enum CRC32 {
    public static func checksum<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt32 {
        Array(bytes).withUnsafeBufferPointer { buffer in
            UInt32(truncatingIfNeeded: crc32(0, buffer.baseAddress, uInt(buffer.count)))
        }
    }

    /// `value` as the four big-endian bytes PNG writes lengths, sizes and CRCs in.
    static func bigEndianBytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
