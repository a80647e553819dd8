import LoupeToolbox
import Testing

@testable import LoupeImaging

/// `Resampler.resize(_:width:height:rows:)` hands back, row by row in order, the bytes of the
/// plain resize, in every plan: box shrinks, either pass first, upscales, translucent images.
@Suite struct RowResamplingTests {
    static let sizes: [(source: (Int, Int), target: (Int, Int))] = [
        ((150, 150), (160, 80)),  // half blocks at 20 columns: down first
        ((150, 150), (160, 160)),  // sextants: across first, from bytes
        ((300, 300), (160, 80)),  // a PNG avatar: no box shrink
        ((300, 300), (64, 32)),  // 8 columns: box shrink, then both passes
        ((301, 97), (40, 200)),  // odd sizes, upscaled down, shrunk across
        ((64, 64), (64, 32)),  // down only
        ((64, 64), (40, 64)),  // across only
        ((64, 64), (64, 64)),  // the source itself
    ]

    @Test(arguments: [false, true])
    func rowsAreThePlainResizesBytes(translucent: Bool) {
        var random = SplitMix64(seed: translucent ? 0x7A11 : 0x0A11)
        for (source, target) in Self.sizes {
            var image = Bitmap(width: source.0, height: source.1)
            // Smooth regions with noise, so the filters' ringing clamps somewhere.
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let alpha: UInt8 = translucent ? UInt8((x * 7 + y * 3) % 256) : 255
                    image[x, y] = RGBA(
                        UInt8((x * 255) / source.0), .random(in: 0...255, using: &random), UInt8((y * 255) / source.1),
                        alpha)
                }
            }
            let plain = ResamplerKernelTests.plainResize(image, width: target.0, height: target.1)
            var rows: [UInt8] = []
            var order: [Int] = []
            Resampler.resize(image, width: target.0, height: target.1) { y, row in
                order.append(y)
                rows += row
            }
            #expect(order == Array(0..<target.1), "\(source) → \(target)")
            #expect(rows == plain, "\(source) → \(target)")
        }
    }
}

extension RowResamplingTests {
    /// The branch-free conversion against `UInt8(_:)`, at every quarter and at random values of
    /// the range it takes (ties at .5 included).
    @Test func bytesTruncateAsUInt8Does() {
        var random = SplitMix64(seed: 0xB17E)
        let quarters = (0...1022).map { Float($0) / 4 }
        let randoms = (0..<100_000).map { _ in Float.random(in: 0...255.5, using: &random) }
        for value in quarters + randoms + [255.5, 0.5, 1.5, 254.5, 0.499_999_97] {
            #expect(RowResampler.byte(value) == UInt8(value), "\(value)")
        }
    }
}

extension RowResamplingTests {
    /// The eight-bytes-at-a-time opacity scan against `Bitmap.hasTransparency`, on odd and even
    /// widths, padded rows, and one translucent pixel anywhere.
    @Test func opacityScanAgreesWithHasTransparency() {
        var random = SplitMix64(seed: 0x0A9A)
        for _ in 0..<200 {
            let width = Int.random(in: 1...13, using: &random)
            let height = Int.random(in: 1...5, using: &random)
            let bytesPerRow = width * 4 + 4 * Int.random(in: 0...2, using: &random)
            var pixels = (0..<bytesPerRow * height).map { _ in UInt8.random(in: 0...255, using: &random) }
            for y in 0..<height { for x in 0..<width { pixels[y * bytesPerRow + x * 4 + 3] = 255 } }
            if Bool.random(using: &random) {
                let (x, y) = (Int.random(in: 0..<width, using: &random), Int.random(in: 0..<height, using: &random))
                pixels[y * bytesPerRow + x * 4 + 3] = .random(in: 0...254, using: &random)
            }
            let image = Bitmap(width: width, height: height, bytesPerRow: bytesPerRow, pixels: pixels)
            let opaque = image.pixels.withUnsafeBufferPointer { RowResampler.isOpaque(image, base: $0.baseAddress!) }
            #expect(opaque == !image.hasTransparency, "\(width)x\(height), \(bytesPerRow) bytes a row")
        }
    }
}
