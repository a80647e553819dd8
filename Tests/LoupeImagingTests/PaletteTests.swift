import Foundation
import Testing

@testable import LoupeImaging

/// `PaletteQuantizer`, `StructuralSimilarity` and `PNGEncoder.encodeCompact`: palette PNGs only
/// where they look like the RGBA image.
@Suite struct PaletteTests {
    /// A gray image of `width` by `height` whose pixel (x, y) is `value(x, y)`.
    static func gray(_ width: Int, _ height: Int, _ value: (Int, Int) -> Int) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let level = UInt8(max(0, min(255, value(x, y))))
                bitmap.pixels.replaceSubrange((y * width + x) * 4..<(y * width + x) * 4 + 4, with: [level, level, level, 255])
            }
        }
        return bitmap
    }

    /// The value `scripts/lib/measures.py` gives for the same two images (numpy and scipy).
    @Test func similarityIsTheMeasureTheChecksUse() {
        let first = Self.gray(48, 40) { x, y in (x * 5 + y * 3) % 256 }
        let second = Self.gray(48, 40) { x, y in (x * 5 + y * 3) % 256 + (x * 7 + y * 11) % 9 - 4 }
        #expect(abs(StructuralSimilarity.mean(first, second) - 0.9735183950893057) < 1e-5)
        #expect(StructuralSimilarity.mean(first, first) == 1)
        // A quarter of the map estimates the whole.
        #expect(abs(StructuralSimilarity.mean(first, second, step: 2) - 0.9735183950893057) < 0.01)
    }

    /// Over white, a change of alpha alone shows; over black it would not, as the color is black.
    @Test func similarityCountsAlphaOverWhite() {
        var opaque = Bitmap(width: 32, height: 32, fill: RGBA(0, 0, 0, 255))
        let faded = Bitmap(width: 32, height: 32, fill: RGBA(0, 0, 0, 128))
        for offset in stride(from: 0, to: opaque.pixels.count, by: 64) { opaque.pixels[offset + 3] = 255 }
        #expect(StructuralSimilarity.mean(opaque, faded) < 0.9)
    }

    /// Up to 256 colors a bin apart come back exactly, transparent stays transparent, and the
    /// translucent entries come first (the tRNS chunk stops at the last of them).
    @Test func fewColorsAreKeptExactly() {
        var bitmap = Bitmap(width: 20, height: 20)
        var colors: [RGBA] = [RGBA(0, 0, 0, 0)]
        for index in 0..<200 {
            colors.append(RGBA(UInt8(index % 10 * 24), UInt8(index / 10 * 12), 200, 255))
        }
        colors += [RGBA(255, 255, 255, 128), RGBA(0, 0, 0, 64)]
        for position in 0..<400 {
            let color = colors[position % colors.count]
            bitmap.pixels.replaceSubrange(position * 4..<position * 4 + 4, with: [color.red, color.green, color.blue, color.alpha])
        }
        let quantized = PaletteQuantizer().quantize(bitmap)
        #expect(quantized.expanded() == bitmap)
        #expect(Set(quantized.palette) == Set(colors))
        let translucent = quantized.palette.prefix { $0.alpha < 255 }
        #expect(translucent.count == 3 && quantized.palette.dropFirst(3).allSatisfy { $0.alpha == 255 })
    }

    /// A flat, few-colored circle takes a palette (color type 3) and decodes as it was; a photo-like
    /// noisy gradient, which 256 colors cannot hold alike, stays RGBA (color type 6), exactly.
    @Test func compactEncodingTakesAPaletteOnlyWhereItLooksAlike() throws {
        var flat = Bitmap(width: 64, height: 64, fill: RGBA(250, 220, 80))
        for y in 20..<40 { for x in 10..<50 { flat.pixels.replaceSubrange((y * 64 + x) * 4..<(y * 64 + x) * 4 + 4, with: [40, 90, 200, 255]) } }
        let circle = ImageProcessors.CircleThumbnail(size: 64).process(flat)
        let compact = try PNGEncoder().encodeCompact(circle)
        #expect(compact[25] == 3)
        #expect(compact.count < (try PNGEncoder().encode(circle)).count)
        let decoded = try ImageDecoder().decode(compact)
        #expect(StructuralSimilarity.mean(circle, decoded) >= 0.99)

        var seed: UInt64 = 42
        let noisy = Self.gray(96, 96) { x, y in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (x + y) + Int(seed >> 58)
        }
        var colorful = noisy
        for offset in stride(from: 0, to: colorful.pixels.count, by: 4) {
            colorful.pixels[offset] = UInt8((Int(colorful.pixels[offset]) * 3 + offset / 4 % 7) % 256)
            colorful.pixels[offset + 2] = UInt8((offset / 4) * 13 % 256)
        }
        let kept = try PNGEncoder().encodeCompact(colorful)
        #expect(kept[25] == 6)
        #expect(try ImageDecoder().decode(kept) == colorful)
    }
}
