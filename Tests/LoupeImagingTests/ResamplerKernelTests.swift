import LoupeToolbox
import Testing

@testable import LoupeImaging

/// The resampler's SIMD passes and the circle mask's edge walk against plain scalar versions.
///
/// The plain versions do the same arithmetic a channel, a tap, a pixel at a time, on seeded
/// random images. The tolerance is zero: the fast paths add the same terms in the same order, so every float and
/// byte is the same, and `resize`'s output (and cell art's goldens) cannot move.
@Suite struct ResamplerKernelTests {
    static let seeds: [UInt64] = [1, 0xC0FFEE, 0x5EED_0065]

    /// Random pixels; alpha 255 throughout unless `translucent`.
    static func noise(width: Int, height: Int, translucent: Bool, using random: inout SplitMix64) -> Bitmap {
        let pixels = (0..<(width * height * 4)).map { index in
            !translucent && index % 4 == 3 ? 255 : UInt8.random(in: 0...255, using: &random)
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    static func floats(_ count: Int, using random: inout SplitMix64) -> [Float] {
        (0..<count).map { _ in Float.random(in: -20...275, using: &random) }
    }

    // MARK: - Plain versions

    static func plainFilterRow(_ row: [Float], taps: FilterTaps, count: Int) -> [Float] {
        var output = [Float](repeating: 0, count: count * 4)
        for x in 0..<count {
            for channel in 0..<4 {
                var even: Float = 0
                var odd: Float = 0
                for tap in 0..<taps.window {
                    let term = row[(taps.starts[x] + tap) * 4 + channel] * taps.weights[x * taps.window + tap]
                    if tap % 2 == 0 { even += term } else { odd += term }
                }
                output[x * 4 + channel] = even + odd
            }
        }
        return output
    }

    static func plainFilteredVertically(_ image: FloatImage, to outHeight: Int) -> [Float] {
        let taps = FilterTaps(source: image.height, target: outHeight)
        let rowLength = image.width * 4
        var output = [Float](repeating: 0, count: rowLength * outHeight)
        for y in 0..<outHeight {
            for index in 0..<rowLength {
                var sum: Float = 0
                for tap in 0..<taps.window {
                    let weight = taps.weights[y * taps.window + tap]
                    let term = image.values[(taps.starts[y] + tap) * rowLength + index] * weight
                    if tap == 0 { sum = term } else if weight != 0 { sum += term }
                }
                output[y * rowLength + index] = sum
            }
        }
        return output
    }

    static func plainBitmap(_ image: FloatImage) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: image.values.count)
        for index in stride(from: 0, to: image.values.count, by: 4) {
            let alpha = min(max(image.values[index + 3], 0), 255)
            let unpremultiply: Float = image.premultiplied ? (alpha > 0 ? 255 / alpha : 0) : 1
            for channel in 0..<3 {
                output[index + channel] = UInt8(min(max(image.values[index + channel] * unpremultiply, 0), 255) + 0.5)
            }
            output[index + 3] = UInt8(alpha + 0.5)
        }
        return output
    }

    static func plainShrink(_ bitmap: Bitmap, _ factorX: Int, _ factorY: Int) -> [Float] {
        let width = bitmap.width / factorX
        let height = bitmap.height / factorY
        let translucent = bitmap.hasTransparency
        let scale = 1 / Float(factorX * factorY)
        let colorScale = translucent ? scale / 255 : scale
        var output = [Float](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                var sums = [UInt32](repeating: 0, count: 4)
                for dy in 0..<factorY {
                    for dx in 0..<factorX {
                        let pixel = bitmap[x * factorX + dx, y * factorY + dy]
                        let alpha = UInt32(pixel.alpha)
                        let channels = [UInt32(pixel.red), UInt32(pixel.green), UInt32(pixel.blue)]
                        for channel in 0..<3 { sums[channel] += translucent ? channels[channel] * alpha : channels[channel] }
                        sums[3] += alpha
                    }
                }
                for channel in 0..<4 {
                    output[(y * width + x) * 4 + channel] = Float(sums[channel]) * (channel == 3 ? scale : colorScale)
                }
            }
        }
        return output
    }

    /// The circle mask as it was: every pixel's distance, one at a time.
    static func plainMask(_ source: Bitmap, ring: ImageProcessors.Ring?) -> Bitmap {
        var image = source
        let size = image.width
        let radius = Double(size) / 2
        let innerRadius = ring.map { radius - $0.width } ?? radius
        let ringColor = ring?.color ?? RGBA(0, 0, 0, 0)
        let ringChannels = [Double(ringColor.red), Double(ringColor.green), Double(ringColor.blue)]
        let untouched = max(0, innerRadius - 0.5) * max(0, innerRadius - 0.5)
        for y in 0..<size {
            for x in 0..<size {
                let dx = Double(x) + 0.5 - radius
                let dy = Double(y) + 0.5 - radius
                let squared = dx * dx + dy * dy
                if squared <= untouched { continue }
                let distance = squared.squareRoot()
                let outer = min(max(radius - distance + 0.5, 0), 1)
                let inner = min(max(innerRadius - distance + 0.5, 0), 1)
                let pixel = image[x, y]
                let imagePart = inner * Double(pixel.alpha) / 255
                let ringPart = outer - inner
                let alpha = imagePart + ringPart
                guard alpha > 0 else {
                    image[x, y] = RGBA(0, 0, 0, 0)
                    continue
                }
                var channels = [pixel.red, pixel.green, pixel.blue]
                if ringPart > 0 {
                    for channel in 0..<3 {
                        let mixed = (Double(channels[channel]) * imagePart + ringChannels[channel] * ringPart) / alpha
                        channels[channel] = UInt8(min(255, mixed.rounded()))
                    }
                }
                image[x, y] = RGBA(channels[0], channels[1], channels[2], UInt8(min(255, (alpha * 255).rounded())))
            }
        }
        return image
    }

    // MARK: - Tests

    @Test(arguments: seeds)
    func horizontalTapsMatchThePlainSum(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        // Odd and even windows, shrinking and enlarging.
        for (source, target) in [(150, 64), (151, 64), (77, 64), (300, 37), (64, 100), (9, 3)] {
            let taps = FilterTaps(source: source, target: target)
            let row = Self.floats(source * 4, using: &random)
            var fast = [Float](repeating: .nan, count: target * 4)
            row.withUnsafeBufferPointer { input in
                fast.withUnsafeMutableBufferPointer { output in
                    FloatImage.filterRow(input.baseAddress!, into: output.baseAddress!, taps: taps, count: target)
                }
            }
            #expect(fast == Self.plainFilterRow(row, taps: taps, count: target), "\(source) → \(target), window \(taps.window)")
        }
    }

    @Test(arguments: seeds)
    func horizontalPassFromBytesMatchesThePlainOne(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for translucent in [false, true] {
            let bitmap = Self.noise(width: 150, height: 7, translucent: translucent, using: &random)
            let fast = FloatImage(filtering: bitmap, horizontallyTo: 64)
            // The plain conversion: a channel at a time, alpha as a fraction.
            var expected: [Float] = []
            let taps = FilterTaps(source: 150, target: 64)
            for y in 0..<bitmap.height {
                var row: [Float] = []
                for x in 0..<bitmap.width {
                    let pixel = bitmap[x, y]
                    let alpha = translucent ? Float(pixel.alpha) / 255 : 1
                    row += [Float(pixel.red) * alpha, Float(pixel.green) * alpha, Float(pixel.blue) * alpha, Float(pixel.alpha)]
                }
                expected += Self.plainFilterRow(row, taps: taps, count: 64)
            }
            #expect(fast.values == expected, "translucent \(translucent)")
            #expect(fast.premultiplied == translucent)
        }
    }

    @Test(arguments: seeds)
    func verticalPassMatchesThePlainSum(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        // Row lengths with and without a tail past the 16-float steps.
        for (width, height, target) in [(64, 150, 64), (5, 150, 64), (13, 40, 64), (8, 300, 31)] {
            let image = FloatImage(
                width: width, height: height, values: Self.floats(width * height * 4, using: &random), premultiplied: false)
            let fast = image.filteredVertically(to: target)
            #expect(fast.values == Self.plainFilteredVertically(image, to: target), "\(width)x\(height) → \(target)")
        }
    }

    @Test(arguments: seeds)
    func bytesBackMatchThePlainConversion(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for premultiplied in [false, true] {
            var values = Self.floats(64 * 9 * 4, using: &random)
            // Some alphas at or under zero, where a premultiplied pixel has no color to recover.
            for pixel in stride(from: 0, to: values.count, by: 4 * 7) { values[pixel + 3] = pixel % 3 == 0 ? 0 : -3 }
            let image = FloatImage(width: 64, height: 9, values: values, premultiplied: premultiplied)
            #expect(image.bitmap().pixels == Self.plainBitmap(image), "premultiplied \(premultiplied)")
        }
    }

    @Test func truncationMatchesInt32AtEveryStepAndItsNeighbors() {
        // Quarter steps over the range bytes come from, each with the floats either side (ties and
        // near-ties are where rounding and truncating part), then random values up to 2²².
        var values: [Float] = []
        for step in 0...1100 {
            let value = Float(step) / 4
            values += [value, value.nextUp, value.nextDown].filter { $0 >= 0 }
        }
        var random = SplitMix64(seed: 22)
        values += (0..<4000).map { _ in Float.random(in: 0...4_194_304, using: &random) }
        for value in values {
            #expect(FloatImage.truncated(SIMD4(repeating: value)) == SIMD4(repeating: Int32(value)), "\(value)")
        }
    }

    @Test(arguments: seeds)
    func boxShrinkMatchesThePlainAverage(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        // 16-bit column sums (opaque, up to 257 pixels a block), 32-bit ones beyond.
        for (factorX, factorY) in [(1, 1), (2, 2), (3, 2), (1, 4), (16, 16), (17, 16)] {
            for translucent in [false, true] {
                let bitmap = Self.noise(width: factorX * 5 + 1, height: factorY * 3 + 1, translucent: translucent, using: &random)
                let fast = FloatImage(bitmap, shrinkX: factorX, shrinkY: factorY)
                #expect(
                    fast.values == Self.plainShrink(bitmap, factorX, factorY), "\(factorX)x\(factorY), translucent \(translucent)"
                )
            }
        }
    }

    @Test(arguments: seeds)
    func circleMaskMatchesThePlainOne(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let rings: [ImageProcessors.Ring?] = [
            nil, .init(color: RGBA(76, 196, 96), width: 4), .init(color: RGBA(9, 8, 7), width: 1.5),
        ]
        for size in [1, 2, 7, 32, 64, 97] {
            for ring in rings {
                let image = Self.noise(width: size, height: size, translucent: seed % 2 == 0, using: &random)
                let fast = ImageProcessors.Circle(ring: ring).process(image)
                #expect(fast == Self.plainMask(image, ring: ring), "size \(size), ring \(ring?.identifier ?? "none")")
            }
        }
    }
}
