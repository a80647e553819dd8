import Foundation
import Testing

@testable import LoupeImaging

@Suite struct DecoderTests {
    let decoder = ImageDecoder(options: DecodeOptions(scaling: .none))

    @Test(arguments: ["gray8.png", "gray-alpha.png", "rgb16.png", "palette-trns.png", "interlaced.png", "rgb8.png"])
    func everyPNGKindBecomesRGBA(name: String) throws {
        let bitmap = try decoder.decode(try ImagingTestData.input(name))
        #expect(bitmap.width == 6 && bitmap.height == 5)
        switch name {
        case "gray8.png":
            #expect(bitmap[3, 2] == RGBA(100, 100, 100))
        case "gray-alpha.png":
            #expect(bitmap[1, 1] == RGBA(40, 40, 40, 255))
            #expect(bitmap[4, 1].alpha == 0)
        case "palette-trns.png":
            #expect(bitmap[0, 0] == RGBA(255, 0, 0, 255))
            #expect(bitmap[1, 0].alpha == 0)
        default:
            // rgb16, interlaced and rgb8 hold the same picture.
            #expect(bitmap[5, 4] == RGBA(200, 200, 128))
            #expect(bitmap[2, 3] == RGBA(80, 150, 128))
        }
    }

    @Test func fixtureAvatarsDecodeInBothFormats() throws {
        let png = try decoder.decode(try ImagingTestData.avatar(try ImagingTestData.avatarID(png: true)))
        let jpeg = try decoder.decode(try ImagingTestData.avatar(try ImagingTestData.avatarID(png: false)))
        #expect(png.width == 300 && png.height == 300)
        #expect(jpeg.width == 300 && jpeg.height == 300)
        let odd = try decoder.decode(try ImagingTestData.avatar(710))
        #expect(odd.width == 299 && odd.height == 295)
    }

    @Test func jpegRoundTripStaysClose() throws {
        let bytes = try JPEGEncoder(quality: 95).encode(EncoderTests.opaqueGradient)
        let decoded = try decoder.decode(bytes)
        #expect(ImagingTestData.meanDifference(decoded, EncoderTests.opaqueGradient) < 3)
    }

    @Test func grayscaleJPEGBecomesGrayRGBA() throws {
        let bytes = try JPEGEncoder(quality: 95, colorSpace: .grayscale).encode(
            Bitmap(width: 16, height: 16, fill: RGBA(90, 90, 90)))
        let decoded = try decoder.decode(bytes)
        let pixel = decoded[8, 8]
        #expect(abs(Int(pixel.red) - 90) <= 2 && pixel.red == pixel.green && pixel.green == pixel.blue && pixel.alpha == 255)
    }

    @Test func cmykJPEGIsConvertedToRGB() throws {
        // Adobe CMYK as libjpeg stores it: inverted, so (255, 128, 255, 255) is no cyan, half
        // magenta, no yellow, no black: RGB (255, 128, 255).
        let cmyk = Bitmap(width: 16, height: 16, fill: RGBA(255, 128, 255, 255))
        let decoded = try decoder.decode(try JPEGEncoder(quality: 98, colorSpace: .cmyk).encode(cmyk))
        let pixel = decoded[8, 8]
        #expect(abs(Int(pixel.red) - 255) <= 3 && abs(Int(pixel.green) - 128) <= 3 && abs(Int(pixel.blue) - 255) <= 3)
    }

    @Test(arguments: [
        (DecodeOptions.Scaling.fast, 64, 75), (.quality, 64, 150), (.quality, 200, 300), (.none, 64, 300), (.fast, 20, 38),
    ])
    func dctScalingPicksTheSmallestScaleThatCovers(scaling: DecodeOptions.Scaling, minimum: Int, expected: Int) throws {
        let bytes = try ImagingTestData.avatar(try ImagingTestData.avatarID(png: false))
        let bitmap = try ImageDecoder(options: DecodeOptions(minimumShortSide: minimum, scaling: scaling)).decode(bytes)
        #expect(bitmap.width == expected && bitmap.height == expected)
    }

    @Test func firstScanOnlyMatchesAFullDecodeAtOneEighth() throws {
        let bytes = try ImagingTestData.avatar(try ImagingTestData.avatarID(png: false, progressive: true))
        let dcOnly = try ImageDecoder(options: DecodeOptions(minimumShortSide: 20, scaling: .fast)).decode(bytes)
        let complete = try ImageDecoder(options: DecodeOptions(minimumShortSide: 20, scaling: .fast, allowFirstScanOnly: false))
            .decode(bytes)
        #expect(dcOnly.width == complete.width)
        #expect(ImagingTestData.meanDifference(dcOnly, complete) < 4)
    }

    @Test(arguments: [1, 3, 6, 8])
    func exifOrientationIsApplied(orientation: UInt8) throws {
        var stored = Bitmap(width: 32, height: 16, fill: RGBA(0, 0, 255))
        stored.fill(RGBA(255, 0, 0), x: 0, y: 0, width: 8, height: 8)  // red at the stored top-left
        let exif: [UInt8] =
            Array("Exif".utf8) + [
                0, 0, 0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0, 0, 0, 0, 0,
            ]
        let decoded = try decoder.decode(try JPEGEncoder(quality: 95, app1: exif).encode(stored))
        let upright = orientation >= 5
        #expect(decoded.width == (upright ? 16 : 32) && decoded.height == (upright ? 32 : 16))
        // Where the stored top-left corner ends up.
        let corner: (Int, Int) =
            switch orientation {
            case 3: (decoded.width - 4, decoded.height - 4)
            case 6: (decoded.width - 4, 3)
            case 8: (3, decoded.height - 4)
            default: (3, 3)
            }
        #expect(decoded[corner.0, corner.1].red > 200)
    }
}
