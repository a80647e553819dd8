import LoupeToolbox

/// One chunk of a PNG file, by where its parts lie.
struct PNGChunk: Sendable, Hashable {
    var offset: Int
    var type: String
    var dataLength: Int

    var typeOffset: Int { offset + 4 }
    var dataOffset: Int { offset + 8 }
    var crcOffset: Int { dataOffset + dataLength }

    /// The chunks of a well-formed PNG, in order.
    static func chunks(of bytes: [UInt8]) -> [PNGChunk] {
        var chunks: [PNGChunk] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            chunks.append(PNGChunk(offset: offset, type: type, dataLength: length))
            offset += 12 + length
        }
        return chunks
    }

    /// Recomputes the CRC after a change on purpose, so only the intended damage remains.
    func fixCRC(in bytes: inout [UInt8]) {
        let crc = CRC32.checksum(bytes[typeOffset..<crcOffset])
        bytes.replaceSubrange(crcOffset..<crcOffset + 4, with: CRC32.bigEndianBytes(crc))
    }
}

extension CRC32 {
    /// `value` as the four big-endian bytes PNG writes lengths, sizes and CRCs in.
    static func bigEndianBytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
