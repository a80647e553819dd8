import Foundation
import Testing
import LoupeToolbox

/// The entries' CRC-32: zlib's, in one piece or continued, as `EntryFormat` checksums the
/// metadata and then the body after it.
@Suite struct CRC32Tests {
    @Test func aContinuedChecksumIsTheWholeOnesOnEveryLengthAndSplit() {
        var generator = SplitMix64(seed: 0x5EED)
        for length in [1, 3, 15, 16, 17, 63, 64, 65, 255, 4096, 33_001, 1 << 20] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            bytes.withUnsafeBytes { buffer in
                let split = length / 3
                let head = CRC32.checksum(UnsafeRawBufferPointer(rebasing: buffer[..<split]))
                #expect(
                    CRC32.continuing(head, UnsafeRawBufferPointer(rebasing: buffer[split...])) == CRC32.checksum(buffer),
                    "length \(length)")
            }
        }
    }

    @Test func knownValues() {
        // The CRC-32 check value (the catalogue's "123456789"), and of nothing.
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(CRC32.checksum(UnsafeRawBufferPointer(start: nil, count: 0)) == 0)
    }
}
