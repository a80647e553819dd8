/// The mean SSIM of two images' luma (Wang et al. 2004: an 11-tap Gaussian window of σ 1.5,
/// K1 0.01, K2 0.03, edges mirrored), as `scripts/lib/measures.py` computes it, so a palette
/// image is judged in the encoder by the measure the checks use. Translucent images are composited
/// over black and over white, and the lower of the two counts: over black an error of color
/// shows, over white one of alpha.
enum StructuralSimilarity {
    /// The lower mean SSIM (over black, over white), the map taken at every `step`-th pixel each
    /// way (1: all of them; 2: a quarter, for a quarter of the work).
    static func mean(_ first: Bitmap, _ second: Bitmap, step: Int = 1) -> Double {
        precondition(first.width == second.width && first.height == second.height, "SSIM compares images of one size")
        return mean(luma(first), luma(second), width: first.width, height: first.height, step: step)
    }

    /// The same for an image and its palette version, without expanding the palette image.
    static func mean(_ image: Bitmap, _ reduced: IndexedBitmap, step: Int = 1) -> Double {
        precondition(image.width == reduced.width && image.height == reduced.height, "SSIM compares images of one size")
        let entries = reduced.palette.map { color in
            luma(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        }
        return mean(luma(image), reduced.indices.map { entries[Int($0)] }, width: image.width, height: image.height, step: step)
    }

    /// The lower mean SSIM of two images given as (luma over black, luma over white) per pixel.
    static func mean(_ a: [SIMD2<Float>], _ b: [SIMD2<Float>], width: Int, height: Int, step: Int) -> Double {
        let blurred = blur(a, b, width, height, step: step)
        let c1: Float = (0.01 * 255) * (0.01 * 255)
        let c2: Float = (0.03 * 255) * (0.03 * 255)
        func similarity(_ moments: SIMD16<Float>, _ first: Int) -> Float {
            let (ma, mb) = (moments[first], moments[first + 1])
            let varianceA = moments[first + 2] - ma * ma
            let varianceB = moments[first + 3] - mb * mb
            let covariance = moments[first + 4] - ma * mb
            return ((2 * ma * mb + c1) * (2 * covariance + c2)) / ((ma * ma + mb * mb + c1) * (varianceA + varianceB + c2))
        }
        var overBlack: Double = 0
        var overWhite: Double = 0
        for moments in blurred {
            overBlack += Double(similarity(moments, 0))
            overWhite += Double(similarity(moments, 5))
        }
        return min(overBlack, overWhite) / Double(blurred.count)
    }

    /// Each pixel's Rec. 709 luma composited over black and over white.
    static func luma(_ bitmap: Bitmap) -> [SIMD2<Float>] {
        var values = [SIMD2<Float>](repeating: .zero, count: bitmap.width * bitmap.height)
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width {
                    let offset = y * bitmap.bytesPerRow + x * 4
                    values[y * bitmap.width + x] = luma(
                        red: pixels[offset], green: pixels[offset + 1], blue: pixels[offset + 2], alpha: pixels[offset + 3])
                }
            }
        }
        return values
    }

    /// Over white is over black plus the white that shows through: the weights sum to one.
    @inline(__always)
    static func luma(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) -> SIMD2<Float> {
        let coverage = Float(alpha) / 255
        let overBlack = (0.2126 * Float(red) + 0.7152 * Float(green) + 0.0722 * Float(blue)) * coverage
        return SIMD2(overBlack, overBlack + 255 * (1 - coverage))
    }

    /// The Gaussian window's taps (σ 1.5, radius 5), summing to 1: exp(-x²/4.5), normalized.
    static let taps: [Float] = [
        0.00102838008, 0.00759875814, 0.0360007721, 0.10936069, 0.213005538, 0.266011725, 0.213005538, 0.10936069,
        0.0360007721, 0.00759875814, 0.00102838008,
    ]

    /// The five planes the measure blurs (a, b, a², b², ab), for each background, side by side,
    /// blurred at once: a separable Gaussian with mirrored edges (scipy's `reflect`: the edge
    /// pixel repeated), across each row padded by its mirror, then down with each row's eleven
    /// sources found once; the result at every `step`-th column of every `step`-th row.
    static func blur(
        _ a: [SIMD2<Float>], _ b: [SIMD2<Float>], _ width: Int, _ height: Int, step: Int = 1
    ) -> [SIMD16<Float>] {
        func mirrored(_ index: Int, _ size: Int) -> Int {
            var index = index
            while index < 0 || index >= size { index = index < 0 ? -index - 1 : 2 * size - index - 1 }
            return index
        }
        let taps = Self.taps
        let columns = (width + step - 1) / step
        let rows = (height + step - 1) / step
        var across = [SIMD16<Float>](repeating: .zero, count: columns * height)
        var padded = [SIMD16<Float>](repeating: .zero, count: width + 10)
        var down = [SIMD16<Float>](repeating: .zero, count: columns * rows)
        taps.withUnsafeBufferPointer { taps in
            padded.withUnsafeMutableBufferPointer { padded in
                across.withUnsafeMutableBufferPointer { across in
                    for y in 0..<height {
                        for x in 0..<(width + 10) {
                            let source = y * width + mirrored(x - 5, width)
                            let (a, b) = (a[source], b[source])
                            padded[x] = SIMD16(
                                a.x, b.x, a.x * a.x, b.x * b.x, a.x * b.x, a.y, b.y, a.y * a.y, b.y * b.y, a.y * b.y,
                                0, 0, 0, 0, 0, 0)
                        }
                        for column in 0..<columns {
                            var sum = SIMD16<Float>.zero
                            for tap in 0..<11 { sum += taps[tap] * padded[column * step + tap] }
                            across[y * columns + column] = sum
                        }
                    }
                }
            }
            across.withUnsafeBufferPointer { across in
                down.withUnsafeMutableBufferPointer { down in
                    var sources = [Int](repeating: 0, count: 11)
                    for row in 0..<rows {
                        for tap in 0..<11 { sources[tap] = mirrored(row * step + tap - 5, height) * columns }
                        for column in 0..<columns {
                            var sum = SIMD16<Float>.zero
                            for tap in 0..<11 { sum += taps[tap] * across[sources[tap] + column] }
                            down[row * columns + column] = sum
                        }
                    }
                }
            }
        }
        return down
    }
}
