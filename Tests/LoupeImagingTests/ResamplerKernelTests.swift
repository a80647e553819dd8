import LoupeToolbox
import TestSupport
import Testing

@testable import LoupeImaging

/// The resampler's SIMD passes, the whole resize, and the circle mask's edge walk against plain
/// scalar versions.
///
/// The plain versions do the same arithmetic a channel, a tap, a pixel at a time, on seeded
/// random images. The tolerance is zero: the fast paths add the same terms in the same order, so every float and
/// byte is the same, and `resize`'s output (thumbnails', cell art's goldens) cannot move.
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

    static func plainFilteredVertically(_ values: [Float], width: Int, height: Int, to outHeight: Int) -> [Float] {
        let taps = FilterTaps(source: height, target: outHeight)
        let rowLength = width * 4
        var output = [Float](repeating: 0, count: rowLength * outHeight)
        for y in 0..<outHeight {
            for index in 0..<rowLength {
                var sum: Float = 0
                for tap in 0..<taps.window {
                    let weight = taps.weights[y * taps.window + tap]
                    let term = values[(taps.starts[y] + tap) * rowLength + index] * weight
                    if tap == 0 { sum = term } else if weight != 0 { sum += term }
                }
                output[y * rowLength + index] = sum
            }
        }
        return output
    }

    static func plainBitmap(_ values: [Float], premultiplied: Bool) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: values.count)
        for index in stride(from: 0, to: values.count, by: 4) {
            let alpha = min(max(values[index + 3], 0), 255)
            let unpremultiply: Float = premultiplied ? (alpha > 0 ? 255 / alpha : 0) : 1
            for channel in 0..<3 {
                output[index + channel] = UInt8(min(max(values[index + channel] * unpremultiply, 0), 255) + 0.5)
            }
            output[index + 3] = UInt8(alpha + 0.5)
        }
        return output
    }

    /// Each row of `values` (`width` RGBA pixels a row) filtered across to `target`.
    static func plainFilteredHorizontally(_ values: [Float], width: Int, to target: Int) -> [Float] {
        let taps = FilterTaps(source: width, target: target)
        return stride(from: 0, to: values.count, by: width * 4).flatMap { start in
            plainFilterRow(Array(values[start..<start + width * 4]), taps: taps, count: target)
        }
    }

    /// `Resampler.resize` done plainly, as libvips plans it: a box shrink to no more than twice
    /// the target, then the Lanczos pass that filters fewer lines first, in premultiplied alpha
    /// when the image has transparency (alpha as a fraction when no box shrink comes first).
    static func plainResize(_ bitmap: Bitmap, width: Int, height: Int) -> [UInt8] {
        if bitmap.width == width && bitmap.height == height { return bitmap.pixels }
        let factorX = max(1, bitmap.width / (2 * width))
        let factorY = max(1, bitmap.height / (2 * height))
        let (shrunkWidth, shrunkHeight) = (bitmap.width / factorX, bitmap.height / factorY)
        let across = shrunkWidth == width ? 0 : FilterTaps(source: shrunkWidth, target: width).window
        let down = shrunkHeight == height ? 0 : FilterTaps(source: shrunkHeight, target: height).window
        let acrossFirst =
            across > 0
            && shrunkHeight * width * across + height * width * down <= height * shrunkWidth * down + height * width * across
        let translucent = bitmap.hasTransparency
        var values: [Float]
        if factorX == 1 && factorY == 1 && acrossFirst {
            values = []
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width {
                    let pixel = bitmap[x, y]
                    let alpha = translucent ? Float(pixel.alpha) / 255 : 1
                    values += [Float(pixel.red) * alpha, Float(pixel.green) * alpha, Float(pixel.blue) * alpha, Float(pixel.alpha)]
                }
            }
        } else {
            values = plainShrink(bitmap, factorX, factorY)
        }
        var currentWidth = shrunkWidth
        if acrossFirst {
            values = plainFilteredHorizontally(values, width: currentWidth, to: width)
            currentWidth = width
        }
        if shrunkHeight != height {
            values = plainFilteredVertically(values, width: currentWidth, height: shrunkHeight, to: height)
        }
        if currentWidth != width { values = plainFilteredHorizontally(values, width: currentWidth, to: width) }
        return plainBitmap(values, premultiplied: translucent)
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
                    RowResampler.filterAcross(input.baseAddress!, into: output.baseAddress!, taps: taps)
                }
            }
            #expect(fast == Self.plainFilterRow(row, taps: taps, count: target), "\(source) → \(target), window \(taps.window)")
        }
    }

    @Test(arguments: seeds)
    func verticalPassMatchesThePlainSum(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        // Row lengths with and without a tail past the 32-float steps.
        for (width, height, target) in [(64, 150, 64), (5, 150, 64), (13, 40, 64), (8, 300, 31)] {
            let values = Self.floats(width * height * 4, using: &random)
            let taps = FilterTaps(source: height, target: target)
            let rowLength = width * 4
            var fast = [Float](repeating: .nan, count: rowLength * target)
            var input = values
            input.withUnsafeMutableBufferPointer { input in
                taps.weights.withUnsafeBufferPointer { weights in
                    fast.withUnsafeMutableBufferPointer { output in
                        for y in 0..<target {
                            RowResampler.filterDown(
                                rows: { input.baseAddress! + (taps.starts[y] + $0) * rowLength },
                                weights: weights.baseAddress! + y * taps.window, window: taps.window, count: rowLength,
                                into: output.baseAddress! + y * rowLength)
                        }
                    }
                }
            }
            #expect(
                fast == Self.plainFilteredVertically(values, width: width, height: height, to: target),
                "\(width)x\(height) → \(target)")
        }
    }

    @Test(arguments: seeds)
    func bytesBackMatchThePlainConversion(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for premultiplied in [false, true] {
            var values = Self.floats(64 * 9 * 4, using: &random)
            // Some alphas at or under zero, where a premultiplied pixel has no color to recover.
            for pixel in stride(from: 0, to: values.count, by: 4 * 7) { values[pixel + 3] = pixel % 3 == 0 ? 0 : -3 }
            var fast = [UInt8](repeating: 0, count: values.count)
            values.withUnsafeBufferPointer { input in
                fast.withUnsafeMutableBufferPointer { output in
                    RowResampler.toBytes(input.baseAddress!, count: values.count / 4, premultiplied: premultiplied, into: output.baseAddress!)
                }
            }
            #expect(fast == Self.plainBitmap(values, premultiplied: premultiplied), "premultiplied \(premultiplied)")
        }
    }

    /// The whole resize against the plain one, in every plan: box shrinks small and large (16-bit
    /// sums and beyond), either pass first, from bytes, upscales, translucent images.
    @Test(arguments: seeds)
    func resizeMatchesThePlainOne(seed: UInt64) async throws {
        // On a Dispatch thread: the plain resize takes seconds in a debug build.
        try await onDispatchThread {
            var random = SplitMix64(seed: seed)
            let sizes = [
                (150, 150, 64, 64), (150, 150, 160, 80), (150, 150, 160, 160), (300, 300, 64, 32), (300, 300, 9, 9),
                (301, 97, 40, 200), (64, 64, 64, 32), (64, 64, 40, 64), (17 * 9 + 1, 16 * 5 + 1, 4, 2), (7, 5, 7, 5),
            ]
            for (sourceWidth, sourceHeight, width, height) in sizes {
                for translucent in [false, true] {
                    let bitmap = Self.noise(width: sourceWidth, height: sourceHeight, translucent: translucent, using: &random)
                    #expect(
                        Resampler.resize(bitmap, width: width, height: height).pixels
                            == Self.plainResize(bitmap, width: width, height: height),
                        "\(sourceWidth)x\(sourceHeight) → \(width)x\(height), translucent \(translucent)")
                }
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
