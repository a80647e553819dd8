import FixtureKit
import Foundation
import Testing
import LoupeToolbox

@testable import LoupeImaging

/// Broken and hostile bytes: each a clear error, no crash, no large allocation.
@Suite struct BadInputTests {
    let decoder = ImageDecoder()

    func expectError(_ bytes: [UInt8], _ check: (ImagingError) -> Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        let error = #expect(throws: ImagingError.self, sourceLocation: sourceLocation) { try decoder.decode(bytes) }
        guard let error else { return }
        #expect(check(error), "unexpected error: \(error)", sourceLocation: sourceLocation)
        #expect(!error.description.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func zeroBytes() {
        expectError([]) { $0 == .empty }
    }

    @Test func garbageNamesItsFirstBytes() {
        let html = Array("<!DOCTYPE html><html>502</html>".utf8)
        expectError(html) { $0 == .unknownFormat(firstBytes: "3C 21 44 4F 43 54 59 50 (\"<!DOCTYP\")") }
    }

    /// Formats people meet are named: "a GIF", not its first bytes in hex.
    @Test(arguments: [
        (Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8), "a GIF, not a JPEG or PNG image"),
        (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), "a WebP"),
        ([0, 0, 0, 0x1C] + Array("ftypavif".utf8), "an AVIF or HEIC"),
    ])
    func otherFormatsAreNamed(bytes: [UInt8], named: String) {
        expectError(bytes) { $0.description.hasPrefix(named) }
    }

    @Test(arguments: [0.2, 0.5, 0.9])
    func truncatedJPEGIsAnErrorNotGray(fraction: Double) throws {
        for progressive in [true, false] {
            let whole = try ImagingTestData.avatar(try ImagingTestData.avatarID(png: false, progressive: progressive))
            let cut = Array(whole.prefix(Int(Double(whole.count) * fraction)))
            expectError(cut) { $0 == .truncated(format: .jpeg) }
        }
    }

    @Test(arguments: [0.1, 0.5, 0.95])
    func truncatedPNGIsAnError(fraction: Double) throws {
        let whole = try ImagingTestData.avatar(try ImagingTestData.avatarID(png: true))
        let cut = Array(whole.prefix(Int(Double(whole.count) * fraction)))
        expectError(cut) { $0 == .truncated(format: .png) }
    }

    /// A whole JPEG in a precision this libjpeg was not built for is "unsupported", by libjpeg's
    /// error code, not "corrupt". Made by setting a baseline file's frame precision to 12.
    @Test func aTwelveBitJPEGIsUnsupportedNotCorrupt() throws {
        var bytes = try ImagingTestData.avatar(try ImagingTestData.avatarID(png: false, progressive: false))
        let frame = try #require(bytes.indices.dropLast().first { bytes[$0] == 0xFF && (0xC0...0xC2).contains(bytes[$0 + 1]) })
        #expect(bytes[frame + 4] == 8)
        bytes[frame + 4] = 12
        expectError(bytes) { $0 == .unsupported(format: .jpeg, reason: "12-bit JPEG") }
        #expect(
            ImagingError.unsupported(format: .jpeg, reason: "12-bit JPEG").description
                == "the JPEG image is not supported (12-bit JPEG)")
    }

    @Test func pngWithABadCRCIsCorrupt() throws {
        var bytes = try ImagingTestData.input("rgb8.png")
        bytes[30] ^= 0xFF  // the IHDR chunk's CRC (bytes 29...32) no longer matches its data
        expectError(bytes) { error in
            if case .corrupt(.png, let reason) = error { return reason.lowercased().contains("crc") }
            return false
        }
    }

    @Test func jpegClaiming60000SquareIsRefusedOnTheHeader() throws {
        var bytes = try JPEGEncoder(quality: 80).encode(EncoderTests.opaqueGradient)
        let sof = try #require((2..<bytes.count - 9).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        // SOF0: length (2), precision (1), height (2), width (2).
        bytes[sof + 5] = 0xEA; bytes[sof + 6] = 0x60
        bytes[sof + 7] = 0xEA; bytes[sof + 8] = 0x60
        expectError(bytes) { $0 == .tooLarge(width: 60000, height: 60000, limits: ImageLimits()) }
    }

    @Test func pngClaiming60000SquareIsRefusedOnTheHeader() throws {
        var bytes = try ImagingTestData.input("rgb8.png")
        let size: [UInt8] = [0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60]
        bytes.replaceSubrange(16..<24, with: size)
        let crc = CRC32.checksum(bytes[12..<29])
        bytes.replaceSubrange(
            29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        expectError(bytes) { $0 == .tooLarge(width: 60000, height: 60000, limits: ImageLimits()) }
    }

    /// Found by fuzzing: an IFD offset near 2^32 wrapped the 32-bit bounds check and read far
    /// outside the Exif block.
    @Test func anExifOffsetNear4GiBIsIgnoredNotRead() throws {
        var bytes = try ImagingTestData.avatar(13)  // the fixture avatar with an Exif block
        let exif = try #require((0..<bytes.count - 14).first { Array(bytes[$0..<$0 + 6]) == Array("Exif\0\0".utf8) })
        bytes.replaceSubrange(exif + 10..<exif + 14, with: [0xFF, 0xFF, 0xFF, 0xFF])  // TIFF header + 4: IFD offset
        let bitmap = try decoder.decode(bytes)
        #expect(bitmap.width == 300 && bitmap.height == 300)
    }

    @Test func limitsAreConfigurable() throws {
        let limits = ImageLimits(maxPixels: 100, maxSide: 10)
        let small = ImageDecoder(options: DecodeOptions(limits: limits))
        let avatar = try ImagingTestData.avatar(1)
        #expect(throws: ImagingError.tooLarge(width: 300, height: 300, limits: limits)) { try small.decode(avatar) }
        #expect(try small.decode(try ImagingTestData.input("rgb8.png")).width == 6)
    }

    @Test func flippedBytesNeverCrash() throws {
        let sources = [
            try ImagingTestData.avatar(try ImagingTestData.avatarID(png: false)),
            try ImagingTestData.avatar(try ImagingTestData.avatarID(png: true)),
        ]
        // Seeded: a run that fails names its seed, and the same seed flips the same bytes.
        for (number, source) in sources.enumerated() {
            for trial in 0..<40 {
                let seed = UInt64(number * 1000 + trial)
                var random = SplitMix64(seed: seed)
                var bytes = source
                for _ in 0..<4 {
                    let index = Int.random(in: 3..<bytes.count, using: &random)
                    bytes[index] ^= UInt8.random(in: 1...255, using: &random)
                }
                // Either a picture or an error; never a crash.
                if let bitmap = try? decoder.decode(bytes) {
                    #expect(bitmap.width > 0, "seed \(seed)")
                }
            }
        }
    }
}
