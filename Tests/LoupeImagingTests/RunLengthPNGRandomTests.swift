import CLoupeZlibSystem
import LoupeToolbox
import TestSupport
import Testing

@testable import LoupeImaging

/// `PNGEncoder.fastest`'s own deflate writer on hundreds of seeded random bitmaps: every file
/// decodes through libpng to exactly its pixels, its IDAT inflates through zlib (Adler-32
/// checked) to exactly the UP-filtered rows, its Huffman codes are complete and no longer than
/// deflate allows, and it comes to about the size zlib's Z_RLE makes of the same rows.
@Suite struct RunLengthPNGRandomTests {
    enum Kind: CaseIterable { case noise, flat, longRuns, gradient, alphaEdges, sparse }

    /// A `width` x `height` bitmap of `kind`, rows padded by `padding` bytes of noise (which the
    /// writer must not read into the image).
    static func bitmap(_ kind: Kind, width: Int, height: Int, padding: Int, using random: inout SplitMix64) -> Bitmap {
        let stride = width * 4 + padding
        var pixels = [UInt8](repeating: 0, count: stride * height)
        let color = (0..<4).map { _ in UInt8.random(in: 0...255, using: &random) }
        let step = Int.random(in: 1...5, using: &random)
        var runByte = UInt8(0)
        var runLeft = 0
        for y in 0..<height {
            for x in 0..<stride {
                let channel = x % 4
                let value: UInt8
                switch kind {
                case .noise: value = UInt8.random(in: 0...255, using: &random)
                case .flat: value = color[channel]
                case .longRuns:
                    // Runs of 1...600 bytes, across pixels and rows.
                    if runLeft == 0 {
                        runLeft = Int.random(in: 1...600, using: &random)
                        runByte = UInt8.random(in: 0...3, using: &random) * 60
                    }
                    runLeft -= 1
                    value = runByte
                case .gradient: value = UInt8(truncatingIfNeeded: (x / 4 + y) * step + channel * 40)
                case .alphaEdges:
                    // An opaque disc of one color on transparent black.
                    let dx = x / 4 - width / 2
                    let dy = y - height / 2
                    let inside = dx * dx + dy * dy <= width * height / 6
                    value = inside ? (channel == 3 ? 255 : color[channel]) : 0
                case .sparse:
                    value = Int.random(in: 0..<6, using: &random) == 0 ? UInt8.random(in: 0...255, using: &random) : 9
                }
                pixels[y * stride + x] = x < width * 4 ? value : UInt8.random(in: 0...255, using: &random)
            }
        }
        return Bitmap(width: width, height: height, bytesPerRow: stride, pixels: pixels)
    }

    /// The pixels without row padding, as a decoder gives them back.
    static func packed(_ bitmap: Bitmap) -> Bitmap {
        let rowBytes = bitmap.width * 4
        var rows = [UInt8]()
        rows.reserveCapacity(rowBytes * bitmap.height)
        for y in 0..<bitmap.height {
            rows += bitmap.pixels[(y * bitmap.bytesPerRow)..<(y * bitmap.bytesPerRow + rowBytes)]
        }
        return Bitmap(width: bitmap.width, height: bitmap.height, pixels: rows)
    }

    /// The rows as the writer must deflate them, filtered the plain way: the first row NONE
    /// (filter byte 0), every other row UP (filter byte 2, each byte less the one above).
    static func filteredRows(_ bitmap: Bitmap) -> [UInt8] {
        let rowBytes = bitmap.width * 4
        var out = [UInt8]()
        out.reserveCapacity((rowBytes + 1) * bitmap.height)
        for y in 0..<bitmap.height {
            out.append(y == 0 ? 0 : 2)
            for i in 0..<rowBytes {
                let byte = bitmap.pixels[y * bitmap.bytesPerRow + i]
                out.append(y == 0 ? byte : byte &- bitmap.pixels[(y - 1) * bitmap.bytesPerRow + i])
            }
        }
        return out
    }

    /// The zlib stream of a PNG with one IDAT right after IHDR, as the writer makes them.
    static func zlibStream(_ png: [UInt8]) -> [UInt8] {
        let idat = 8 + 25
        let length = png[idat..<(idat + 4)].reduce(0) { $0 << 8 | Int($1) }
        #expect(Array(png[(idat + 4)..<(idat + 8)]) == Array("IDAT".utf8))
        #expect(Array(png.suffix(12).prefix(8)) == [0, 0, 0, 0] + Array("IEND".utf8))
        return Array(png[(idat + 8)..<(idat + 8 + length)])
    }

    /// zlib's `uncompress` of `stream`: nil unless it returns Z_OK (which includes the Adler-32).
    static func inflate(_ stream: [UInt8], expecting count: Int) -> [UInt8]? {
        var inflated = [UInt8](repeating: 0, count: count + 16)
        var length = uLongf(inflated.count)
        guard uncompress(&inflated, &length, stream, uLong(stream.count)) == Z_OK else { return nil }
        return Array(inflated.prefix(Int(length)))
    }

    /// The code lengths a dynamic-Huffman deflate block declares (RFC 1951, 3.2.7), read from
    /// the first block of a zlib stream: literal/length, distance, and code-length codes.
    struct DeclaredCodes {
        var litlen: [Int] = []
        var distance: [Int] = []
        var codeLength: [Int] = []
    }

    static func declaredCodes(_ stream: [UInt8]) -> DeclaredCodes? {
        var position = 16  // after the two zlib header bytes, in bits
        func bits(_ count: Int) -> Int {
            var value = 0
            for bit in 0..<count {
                value |= Int(stream[position >> 3] >> (position & 7) & 1) << bit
                position += 1
            }
            return value
        }
        guard bits(1) == 1, bits(2) == 2 else { return nil }  // the last block, dynamic codes
        let hlit = bits(5) + 257
        let hdist = bits(5) + 1
        let hclen = bits(4) + 4
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codes = DeclaredCodes(codeLength: [Int](repeating: 0, count: 19))
        for i in 0..<hclen { codes.codeLength[order[i]] = bits(3) }
        // Canonical codes of the code-length code, read a bit at a time, first bit the top one.
        let canonical = canonicalCodes(codes.codeLength)
        var lengths = [Int]()
        while lengths.count < hlit + hdist {
            var code = 0
            var length = 0
            var symbol: Int?
            while symbol == nil {
                guard length < 7 else { return nil }
                code = code << 1 | bits(1)
                length += 1
                symbol = canonical.firstIndex { $0 == (length, code) }
            }
            switch symbol ?? -1 {
            case 16:
                guard let last = lengths.last else { return nil }
                lengths += Array(repeating: last, count: 3 + bits(2))
            case 17: lengths += Array(repeating: 0, count: 3 + bits(3))
            case 18: lengths += Array(repeating: 0, count: 11 + bits(7))
            case let literal: lengths.append(literal)
            }
        }
        guard lengths.count == hlit + hdist else { return nil }  // a repeat ran past the end
        codes.litlen = Array(lengths.prefix(hlit))
        codes.distance = Array(lengths.suffix(hdist))
        return codes
    }

    /// (length, code) of each symbol, canonical order (RFC 1951, 3.2.2); (0, -1) when unused.
    static func canonicalCodes(_ lengths: [Int]) -> [(Int, Int)] {
        var code = 0
        var next = [Int](repeating: 0, count: 17)
        for bits in 1...16 {
            code = (code + lengths.filter { $0 == bits - 1 && $0 > 0 }.count) << 1
            next[bits] = code
        }
        return lengths.map { length in
            guard length > 0 else { return (0, -1) }
            defer { next[length] += 1 }
            return (length, next[length])
        }
    }

    /// Kraft's sum of `lengths` in units of 2^-15: 32768 for a complete prefix code.
    static func kraft(_ lengths: [Int]) -> Int {
        lengths.filter { $0 > 0 }.reduce(0) { $0 + (1 << (15 - $1)) }
    }

    /// One bitmap through every check; returns (our bytes, zlib Z_RLE's bytes).
    static func check(_ bitmap: Bitmap, _ label: String) throws -> (Int, Int) {
        let png = try PNGEncoder.fastest.encode(bitmap)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\(label)")
        // Compared first, so a failure names the image rather than printing its bytes.
        let decodesAlike = try ImageDecoder().decode(png) == packed(bitmap)
        #expect(decodesAlike, "\(label): libpng decodes other pixels")
        let stream = zlibStream(png)
        let expected = filteredRows(bitmap)
        let inflatesAlike = inflate(stream, expecting: expected.count) == expected
        #expect(inflatesAlike, "\(label): zlib inflates other bytes")
        let codes = declaredCodes(stream)
        #expect(codes != nil, "\(label): unreadable block header")
        if let codes {
            #expect(codes.litlen.allSatisfy { $0 <= 15 } && codes.codeLength.allSatisfy { $0 <= 7 }, "\(label)")
            #expect(kraft(codes.litlen) == 32768, "\(label): incomplete literal/length code")
            #expect(codes.litlen[256] > 0, "\(label): no end-of-block code")
            #expect(codes.distance == [1], "\(label)")
        }
        let zlib = try LibPNG.encode(
            pixels: bitmap.pixels, width: bitmap.width, height: bitmap.height, bytesPerRow: bitmap.bytesPerRow,
            layout: .rgba, compressionLevel: 1, singleFilter: true, runLength: true
        ).count
        return (png.count, zlib)
    }

    /// On a Dispatch thread: seconds of encoding would hold one of the cooperative pool's threads.
    @Test func randomBitmapsRoundTrip() async throws {
        try await onDispatchThread {
            var random = SplitMix64(seed: 0x0065_0FA5)
            var sizes: [Kind: (ours: Int, zlib: Int)] = [:]
            for index in 0..<240 {
                let kind = Kind.allCases[index % Kind.allCases.count]
                // One side in four is at its least (one pixel), to reach 1xN and Nx1.
                let width = index % 8 == 1 ? 1 : Int.random(in: 1...300, using: &random)
                let height = index % 8 == 3 ? 1 : Int.random(in: 1...300, using: &random)
                let padding = Bool.random(using: &random) ? Int.random(in: 1...19, using: &random) : 0
                let bitmap = Self.bitmap(kind, width: width, height: height, padding: padding, using: &random)
                let (ours, zlib) = try Self.check(bitmap, "#\(index) \(kind) \(width)x\(height)+\(padding)")
                sizes[kind, default: (0, 0)].ours += ours
                sizes[kind, default: (0, 0)].zlib += zlib
            }
            for kind in Kind.allCases {
                let (ours, zlib) = sizes[kind]!
                print("run-length PNG \(kind): \(ours) bytes, zlib Z_RLE level 1 \(zlib): \(Double(ours) / Double(zlib))")
                // The same matches, one Huffman block fitted to the image: never much larger.
                #expect(Double(ours) <= Double(zlib) * 1.03, "\(kind): \(ours) bytes against zlib's \(zlib)")
            }
        }
    }

    /// Wide and tall extremes, at 16384 the widest a row of this project's images gets.
    @Test(arguments: [(4096, 2), (1, 4096), (16384, 1), (1, 1), (2, 1), (1, 2)])
    func extremeShapes(width: Int, height: Int) async throws {
        try await onDispatchThread {
            var random = SplitMix64(seed: UInt64(width * 31 + height))
            for kind in Kind.allCases {
                let padding = kind == .noise ? 3 : 0
                _ = try Self.check(
                    Self.bitmap(kind, width: width, height: height, padding: padding, using: &random),
                    "\(kind) \(width)x\(height)")
            }
        }
    }

    /// Huffman codes cut to 15 bits and still complete, on bytes whose uncut tree is 17 deep.
    ///
    /// Byte frequencies in the Fibonacci sequence, shuffled (the runs the shuffle makes take some
    /// depth off). `check` asserts both.
    @Test func skewedFrequenciesAreLimitedToFifteenBits() throws {
        var random = SplitMix64(seed: 0xF1B)
        var bytes = [UInt8]()
        var (a, b) = (1, 1)
        for symbol in 1...24 {
            bytes += Array(repeating: UInt8(symbol * 10), count: a)
            (a, b) = (b, a + b)
        }
        bytes.shuffle(using: &random)
        // Two rows of 15174 pixels whose UP-filtered bytes are these 121392: the second row is
        // the first plus the second half.
        #expect(bytes.count == 2 * 15174 * 4)
        let half = bytes.count / 2
        let rows = Array(bytes[..<half]) + (0..<half).map { bytes[$0] &+ bytes[half + $0] }
        _ = try Self.check(Bitmap(width: 15174, height: 2, pixels: rows), "Fibonacci")
    }

    /// Every literal/length symbol used (HLIT 286): each byte value once, and a run of each
    /// length 3...258, in one row (filter NONE, so the bytes are deflated as they are).
    @Test func everyLiteralAndLengthSymbol() throws {
        var bytes = (0...255).map { UInt8($0) }
        for length in 3...258 {
            let byte = UInt8(length % 200 + 20)
            // A different byte before and after: the run is exactly `length` at distance one.
            bytes += [0, byte] + Array(repeating: byte, count: length) + [1]
        }
        bytes += Array(repeating: 2, count: (4 - bytes.count % 4) % 4)
        let bitmap = Bitmap(width: bytes.count / 4, height: 1, pixels: bytes)
        _ = try Self.check(bitmap, "every symbol")
        let codes = try #require(Self.declaredCodes(Self.zlibStream(PNGEncoder.fastest.encode(bitmap))))
        #expect(codes.litlen.count == 286 && codes.litlen.allSatisfy { $0 > 0 })
    }

    /// Encoders on every thread at once, as `thumbnail` runs them, write the same bytes.
    ///
    /// Under
    /// `scripts/sanitize thread --filter RunLengthPNG` this is also the check that the writer's
    /// one shared table is filled once, not raced (it was filled by whichever thread came first).
    @Test func concurrentEncodersAgree() async throws {
        var random = SplitMix64(seed: 0xC0C0)
        let bitmap = Self.bitmap(.longRuns, width: 200, height: 150, padding: 4, using: &random)
        let expected = try PNGEncoder.fastest.encode(bitmap)
        let results = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<16 { group.addTask { try PNGEncoder.fastest.encode(bitmap) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 16 && results.allSatisfy { $0 == expected })
    }
}
