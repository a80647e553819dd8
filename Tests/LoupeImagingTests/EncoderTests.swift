import Testing

@testable import LoupeImaging

@Suite struct EncoderTests {
    static let gradient: Bitmap = {
        var bitmap = Bitmap(width: 40, height: 30)
        for y in 0..<30 {
            for x in 0..<40 {
                bitmap[x, y] = RGBA(UInt8(x * 6), UInt8(y * 8), 128, UInt8(255 - x))
            }
        }
        return bitmap
    }()

    static let opaqueGradient: Bitmap = {
        var bitmap = Bitmap(width: 48, height: 32)
        for y in 0..<32 {
            for x in 0..<48 {
                bitmap[x, y] = RGBA(UInt8(x * 5), UInt8(y * 7), UInt8(200 - x * 2))
            }
        }
        return bitmap
    }()

    /// The byte offset of the first JPEG marker `marker`, scanning segment by segment.
    static func markers(_ bytes: [UInt8]) -> [UInt8] {
        var found: [UInt8] = []
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            found.append(marker)
            if marker == 0xDA { break }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            index += 2 + length
        }
        return found
    }

    @Test func rgbaPNGHasTheSignatureAndColorType6() throws {
        let png = try PNGEncoder().encode(Self.gradient)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(Array(png[16..<24]) == [0, 0, 0, 40, 0, 0, 0, 30])
        #expect(png[24] == 8 && png[25] == 6)
    }

    @Test func paletteImageBecomesAColorType3PNGWithTransparency() throws {
        let image = IndexedBitmap(
            width: 4, height: 2, palette: [RGBA(255, 0, 0), RGBA(0, 0, 255, 0)], indices: [0, 1, 0, 1, 1, 0, 1, 0])
        let png = try PNGEncoder(compressionLevel: 9).encode(image)
        #expect(png[25] == 3)
        let text = String(decoding: png, as: UTF8.self)
        #expect(text.contains("PLTE") && text.contains("tRNS"))
        #expect(image.expanded()[1, 0] == RGBA(0, 0, 255, 0))
    }

    @Test func higherCompressionIsNotLarger() throws {
        let fast = try PNGEncoder(compressionLevel: 1).encode(Self.gradient)
        let small = try PNGEncoder(compressionLevel: 9).encode(Self.gradient)
        #expect(small.count <= fast.count)
    }

    @Test func pngRoundTripsExactlyWithEitherFilteringAndRunLengthMatching() throws {
        for singleFilter in [false, true] {
            for runLength in [false, true] {
                let png = try PNGEncoder(compressionLevel: 2, singleFilter: singleFilter, runLength: runLength)
                    .encode(Self.gradient)
                #expect(try ImageDecoder().decode(png) == Self.gradient, "singleFilter \(singleFilter), runLength \(runLength)")
            }
        }
        // A translucent circle, as thumbnails are, through the preset they use.
        let circle = ImageProcessors.CircleThumbnail(size: 48).process(Self.gradient)
        #expect(try ImageDecoder().decode(try PNGEncoder.fastest.encode(circle)) == circle)
    }

    @Test func jpegIsBaselineOrProgressiveAsAsked() throws {
        let baseline = try JPEGEncoder(quality: 80).encode(Self.gradient)
        let progressive = try JPEGEncoder(quality: 80, progressive: true).encode(Self.gradient)
        #expect(baseline.starts(with: [0xFF, 0xD8, 0xFF]) && baseline.suffix(2) == [0xFF, 0xD9])
        #expect(Self.markers(baseline).contains(0xC0) && !Self.markers(baseline).contains(0xC2))
        #expect(Self.markers(progressive).contains(0xC2))
    }

    @Test func app1IsWrittenAfterTheHeader() throws {
        let exif = Array("Exif".utf8) + [0, 0, 0x49, 0x49, 0x2A, 0x00, 0x08, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        let jpeg = try JPEGEncoder(app1: exif).encode(Self.gradient)
        #expect(Self.markers(jpeg).prefix(2) == [0xE0, 0xE1])
        #expect(String(decoding: jpeg.prefix(64), as: UTF8.self).contains("Exif"))
    }
}
