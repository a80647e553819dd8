import CLoupeZlibSystem
import LoupeToolbox
import Testing

@testable import LoupeImaging

/// `PNGEncoder.fastest`'s own writer (UP rows, runs at distance one, one dynamic-Huffman block)
/// against libpng: every image decodes, through libpng and zlib's inflate, to exactly its
/// pixels, and the files are about the size zlib's Z_RLE makes of the same rows.
@Suite struct RunLengthPNGTests {
    enum Kind: CaseIterable { case noise, sparse, flat, stripes }

    static func image(_ kind: Kind, width: Int, height: Int, padding: Int, using random: inout SplitMix64) -> Bitmap {
        let stride = width * 4 + padding
        let pixels = (0..<(stride * height)).map { index -> UInt8 in
            switch kind {
            case .noise: UInt8.random(in: 0...255, using: &random)
            case .sparse: Int.random(in: 0..<5, using: &random) == 0 ? UInt8.random(in: 0...255, using: &random) : 0
            case .flat: 77
            case .stripes: UInt8((index / 7) % 3 * 100)
            }
        }
        return Bitmap(width: width, height: height, bytesPerRow: stride, pixels: pixels)
    }

    /// The bitmap's pixels without row padding, as a decoder gives them back.
    static func packed(_ bitmap: Bitmap) -> Bitmap {
        let rowBytes = bitmap.width * 4
        let rows = (0..<bitmap.height).flatMap { y in
            bitmap.pixels[(y * bitmap.bytesPerRow)..<(y * bitmap.bytesPerRow + rowBytes)]
        }
        return Bitmap(width: bitmap.width, height: bitmap.height, pixels: rows)
    }

    @Test(arguments: Kind.allCases)
    func decodesToExactlyItsPixels(kind: Kind) throws {
        var random = SplitMix64(seed: 0x0065_0003)
        // One pixel, one row, one column, runs longer than 258, rows with padding.
        for (width, height, padding) in [(1, 1, 0), (64, 64, 0), (300, 2, 8), (1, 40, 4), (97, 13, 0), (700, 3, 0)] {
            let bitmap = Self.image(kind, width: width, height: height, padding: padding, using: &random)
            let png = try PNGEncoder.fastest.encode(bitmap)
            #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            #expect(try ImageDecoder().decode(png) == Self.packed(bitmap), "\(kind) \(width)x\(height)+\(padding)")
        }
    }

    /// zlib's `uncompress` checks the stream's Adler-32 (summed by the writer itself, not zlib),
    /// which a PNG decoder may stop short of reading.
    @Test(arguments: Kind.allCases)
    func zlibAcceptsTheStreamAndItsChecksum(kind: Kind) throws {
        var random = SplitMix64(seed: 0x0AD1_E532)
        for (width, height) in [(1, 1), (3, 5), (64, 64), (347, 17), (1000, 20)] {
            let png = try PNGEncoder.fastest.encode(Self.image(kind, width: width, height: height, padding: 0, using: &random))
            // Signature, IHDR (8 + 13 + 4 bytes), then the one IDAT: its length, type, data.
            let idat = 8 + 25
            let length = png[idat..<(idat + 4)].reduce(0) { $0 << 8 | Int($1) }
            #expect(Array(png[(idat + 4)..<(idat + 8)]) == Array("IDAT".utf8))
            let stream = Array(png[(idat + 8)..<(idat + 8 + length)])
            let expected = (width * 4 + 1) * height
            var inflated = [UInt8](repeating: 0, count: expected + 16)
            var inflatedLength = uLongf(inflated.count)
            let status = uncompress(&inflated, &inflatedLength, stream, uLong(stream.count))
            #expect(status == Z_OK, "\(kind) \(width)x\(height): zlib says \(status)")
            #expect(Int(inflatedLength) == expected)
        }
    }

    @Test func filesAreAboutWhatZlibsRunLengthStrategyMakes() throws {
        var random = SplitMix64(seed: 65)
        // A smooth image with noise and a transparent corner, as thumbnails are.
        var bitmap = Bitmap(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 {
                bitmap[x, y] =
                    x + y < 20
                    ? RGBA(0, 0, 0, 0)
                    : RGBA(UInt8(x * 4), UInt8(y * 4), UInt8.random(in: 100...120, using: &random), 255)
            }
        }
        let ours = try PNGEncoder.fastest.encode(bitmap).count
        // The same rows through libpng and zlib's deflate with Z_RLE.
        let zlib = try LibPNG.encode(
            pixels: bitmap.pixels, width: 64, height: 64, bytesPerRow: 256, layout: .rgba, compressionLevel: 1,
            singleFilter: true, runLength: true
        ).count
        #expect(Double(ours) <= Double(zlib) * 1.02, "\(ours) bytes against zlib's \(zlib)")
    }
}
