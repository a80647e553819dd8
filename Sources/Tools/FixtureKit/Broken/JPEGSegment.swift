/// One marker segment of a JPEG file's header, up to and including the first SOS.
struct JPEGSegment: Sendable, Hashable {
    var offset: Int
    /// The marker code, e.g. `0xC0` for SOF0, `0xDA` for SOS.
    var marker: UInt8
    /// The length field's value (it counts itself), 0 for SOI.
    var length: Int

    /// Where the segment's payload (after the length field) starts.
    var payloadOffset: Int { offset + 4 }

    /// SOI, then every segment through the first SOS, of a well-formed JPEG.
    static func segments(of bytes: [UInt8]) -> [JPEGSegment] {
        var segments = [JPEGSegment(offset: 0, marker: 0xD8, length: 0)]
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            segments.append(JPEGSegment(offset: offset, marker: marker, length: length))
            if marker == 0xDA { break }
            offset += 2 + length
        }
        return segments
    }

    /// Whether the marker is a start of frame (SOF0–SOF15 but DHT, JPG and DAC).
    var isStartOfFrame: Bool {
        (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
    }
}
