import LoupeToolbox

/// Makes a corpus of broken image files from whole ones, each damaged in one way a correct decoder
/// must refuse (never a flipped bit in JPEG scan data, which can decode to another picture).
package enum BrokenImageCorpus {
    /// The corpus from a baseline JPEG, a progressive JPEG and a PNG, in a stable order.
    package static func make(baselineJPEG: [UInt8], progressiveJPEG: [UInt8], png: [UInt8]) -> [BrokenImage] {
        var corpus = [BrokenImage(damage: "empty", detail: "zero-length file", bytes: [])]
        corpus += notImages(jpeg: baselineJPEG, png: png)
        for (name, source) in [("baseline JPEG", baselineJPEG), ("progressive JPEG", progressiveJPEG), ("PNG", png)] {
            corpus += truncations(of: source, name: name)
        }
        corpus += pngDamage(png)
        for (name, source) in [("baseline JPEG", baselineJPEG), ("progressive JPEG", progressiveJPEG)] {
            corpus += jpegDamage(source, name: name)
        }
        return corpus
    }

    /// The corpus from the fixtures' avatars; `avatar` reads one's bytes by character id.
    package static func make(fixtureAvatar avatar: (Int) throws -> [UInt8]) rethrows -> [BrokenImage] {
        let factory = AvatarFactory()
        func first(_ encoding: AvatarFactory.Encoding) -> Int {
            (1...826).first { factory.encoding(forCharacter: $0) == encoding } ?? 1
        }
        return make(
            baselineJPEG: try avatar(first(.baselineJPEG(exif: false))), progressiveJPEG: try avatar(first(.progressiveJPEG)),
            png: try avatar(first(.palettePNG)))
    }

    static func notImages(jpeg: [UInt8], png: [UInt8]) -> [BrokenImage] {
        let pages = [
            "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>",
            "<html><body>404 Not Found</body></html>\n",
            "\u{FEFF}<!doctype html><title>Just a moment...</title><p>Checking your browser</p>",
            #"{"error":"Character not found"}"#,
            "Service Unavailable\n",
            "<?xml version=\"1.0\"?><Error><Code>AccessDenied</Code></Error>",
        ]
        var files = pages.map {
            BrokenImage(
                damage: "not-an-image", detail: "served as image/jpeg: \($0.prefix(24).filter { !$0.isNewline })…",
                bytes: Array($0.utf8))
        }
        files.append(
            BrokenImage(damage: "not-an-image", detail: "GIF header", bytes: Array("GIF89a".utf8) + Array(jpeg.dropFirst(6))))
        files.append(
            BrokenImage(damage: "not-an-image", detail: "RIFF/WEBP header", bytes: Array("RIFF\0\0\0\0WEBPVP8 ".utf8) + jpeg))
        files.append(BrokenImage(damage: "not-an-image", detail: "PNG signature, JPEG body", bytes: Array(png.prefix(8)) + jpeg))
        files.append(BrokenImage(damage: "not-an-image", detail: "JPEG SOI, PNG body", bytes: [0xFF, 0xD8] + png))
        return files
    }

    /// The file cut at 40 offsets spread over it, and one and two bytes short of its end.
    static func truncations(of bytes: [UInt8], name: String) -> [BrokenImage] {
        let offsets = (1...40).map { $0 * bytes.count / 41 } + [bytes.count - 2, bytes.count - 1]
        return offsets.map { offset in
            BrokenImage(
                damage: "truncated", detail: "\(name) cut at \(offset) of \(bytes.count) bytes",
                bytes: Array(bytes.prefix(offset)))
        }
    }

    static func pngDamage(_ png: [UInt8]) -> [BrokenImage] {
        var files: [BrokenImage] = []
        for index in 0..<40 {
            let position = 8 + index * (png.count - 8) / 40
            var bytes = png
            bytes[position] ^= 1 << UInt8(index % 8)
            files.append(BrokenImage(damage: "png-flip", detail: "bit \(index % 8) of byte \(position) flipped", bytes: bytes))
        }
        let chunks = PNGChunk.chunks(of: png)
        for chunk in chunks {
            var bytes = png
            bytes[chunk.crcOffset + 3] ^= 0x5A
            files.append(BrokenImage(damage: "png-crc", detail: "\(chunk.type) CRC wrong", bytes: bytes))
        }
        // swift-format-ignore: NeverForceUnwrap
        let header = chunks.first { $0.type == "IHDR" }!
        func edited(_ damage: String, _ detail: String, _ edit: (inout [UInt8]) -> Void) {
            files.append(damaged(png, damage, detail, edit))
        }
        for (type, renamed) in [("IHDR", "IHDX"), ("IDAT", "IDAX"), ("PLTE", "PLTX")] {
            guard let chunk = chunks.first(where: { $0.type == type }) else { continue }
            edited("png-structure", "\(type) renamed \(renamed)") { bytes in
                bytes.replaceSubrange(chunk.typeOffset..<chunk.typeOffset + 4, with: Array(renamed.utf8))
                chunk.fixCRC(in: &bytes)
            }
        }
        if let end = chunks.first(where: { $0.type == "IEND" }) {
            edited("png-structure", "IEND removed") { $0.removeSubrange(end.offset..<end.crcOffset + 4) }
        }
        // IHDR data: width (4), height (4), bit depth, color type, compression, filter, interlace.
        let fields: [(String, Int, UInt8)] = [
            ("bit depth 3", 8, 3), ("color type 5", 9, 5), ("compression method 1", 10, 1), ("filter method 1", 11, 1),
            ("interlace method 2", 12, 2),
        ]
        for (detail, field, value) in fields {
            edited("png-structure", detail) { bytes in
                bytes[header.dataOffset + field] = value
                header.fixCRC(in: &bytes)
            }
        }
        let sizes: [(UInt32, UInt32)] = [(0x7FFF_FFFF, 0x7FFF_FFFF), (60_000, 60_000), (100_000, 1), (0, 300), (300, 0)]
        for (width, height) in sizes {
            edited("huge", "PNG header says \(width)x\(height)") { bytes in
                bytes.replaceSubrange(
                    header.dataOffset..<header.dataOffset + 8, with: CRC32.bigEndianBytes(width) + CRC32.bigEndianBytes(height))
                header.fixCRC(in: &bytes)
            }
        }
        return files
    }

    static func jpegDamage(_ jpeg: [UInt8], name: String) -> [BrokenImage] {
        var files: [BrokenImage] = []
        func edited(_ damage: String, _ detail: String, _ edit: (inout [UInt8]) -> Void) {
            files.append(damaged(jpeg, damage, "\(name): \(detail)", edit))
        }
        let segments = JPEGSegment.segments(of: jpeg)
        edited("jpeg-marker", "SOI replaced by EOI") { $0[1] = 0xD9 }
        for segment in segments.dropFirst() {
            let code = String(segment.marker, radix: 16, uppercase: true)
            // 0xC8 is reserved for JPEG extensions: no decoder accepts it.
            edited("jpeg-marker", "marker \(code) at \(segment.offset) replaced by C8") { $0[segment.offset + 1] = 0xC8 }
            edited("jpeg-marker", "marker \(code) at \(segment.offset) lost its FF") { $0[segment.offset] = 0x7F }
        }
        if let sos = segments.last, sos.marker == 0xDA {
            edited("jpeg-marker", "SOS replaced by EOI") { $0[sos.offset + 1] = 0xD9 }
        }
        if let frame = segments.first(where: \.isStartOfFrame) {
            // SOF payload: precision, height (2), width (2), component count, then 3 bytes per component.
            let payload = frame.payloadOffset
            edited("jpeg-header", "precision 4") { $0[payload] = 4 }
            edited("jpeg-header", "0 components") { $0[payload + 5] = 0 }
            edited("jpeg-header", "sampling factors 0x0") { $0[payload + 7] = 0 }
            edited("jpeg-header", "quantization table 9") { $0[payload + 8] = 9 }
            let sizes: [(Int, Int)] = [(65_500, 65_500), (20_000, 20_000), (0, 300), (300, 0)]
            for (width, height) in sizes {
                edited("huge", "JPEG header says \(width)x\(height)") { bytes in
                    bytes.replaceSubrange(
                        payload + 1..<payload + 5,
                        with: [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)])
                }
            }
        }
        if let table = segments.first(where: { $0.marker == 0xC4 }) {
            edited("jpeg-header", "Huffman table index 15") { $0[table.payloadOffset] = 0x0F }
        }
        if let quantization = segments.first(where: { $0.marker == 0xDB }) {
            edited("jpeg-header", "quantization table index 9") { $0[quantization.payloadOffset] = 0x09 }
        }
        if let scan = segments.last, scan.marker == 0xDA {
            edited("jpeg-header", "scan of 0 components") { $0[scan.payloadOffset] = 0 }
            edited("jpeg-header", "scan of unknown component") { $0[scan.payloadOffset + 1] = 0x77 }
        }
        return files
    }

    /// A copy of `source` changed by `edit`.
    private static func damaged(
        _ source: [UInt8], _ damage: String, _ detail: String, _ edit: (inout [UInt8]) -> Void
    ) -> BrokenImage {
        var bytes = source
        edit(&bytes)
        return BrokenImage(damage: damage, detail: detail, bytes: bytes)
    }
}

/// A damaged image file and what was done to it.
package struct BrokenImage: Sendable, Hashable {
    /// The kind of damage, e.g. `truncated`, `png-crc`.
    package var damage: String
    /// What exactly, e.g. `progressive JPEG cut at 4096 of 20480 bytes`.
    package var detail: String
    package var bytes: [UInt8]

    package init(damage: String, detail: String, bytes: [UInt8]) {
        self.damage = damage
        self.detail = detail
        self.bytes = bytes
    }
}
