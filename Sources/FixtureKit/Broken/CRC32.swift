import LoupeToolbox

extension CRC32 {
    /// `value` as the four big-endian bytes PNG writes lengths, sizes and CRCs in.
    static func bigEndianBytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
