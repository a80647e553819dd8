import LoupeImaging

/// DEC sixel: six pixel rows a band, one pass per color, with a palette made for the image
/// (`MedianCut`, up to 256 registers) and optional Floyd–Steinberg dithering. Transparent pixels
/// (alpha under half) are left unpainted.
enum SixelEncoder {
    static func encode(_ image: Bitmap, dither: Bool = false) -> String {
        let palette = MedianCut.palette(for: image)
        let indices = quantize(image, to: palette, dither: dither)
        // P2 = 1: pixels left at 0 keep the background.
        var text = "\u{1B}P0;1;0q\"1;1;\(image.width);\(image.height)"
        for (index, color) in palette.enumerated() {
            text += "#\(index);2;\(color.x * 100 / 255);\(color.y * 100 / 255);\(color.z * 100 / 255)"
        }
        var bits = [UInt8](repeating: 0, count: image.width)
        for bandTop in stride(from: 0, to: image.height, by: 6) {
            let band = bandTop..<min(bandTop + 6, image.height)
            var present = Set<Int>()
            for y in band {
                for x in 0..<image.width where indices[y * image.width + x] >= 0 { present.insert(indices[y * image.width + x]) }
            }
            for (position, color) in present.sorted().enumerated() {
                for x in 0..<image.width {
                    var value: UInt8 = 0
                    for y in band where indices[y * image.width + x] == color { value |= 1 << (y - bandTop) }
                    bits[x] = value
                }
                text += "#\(color)"
                var start = 0
                while start < image.width {
                    var end = start + 1
                    while end < image.width && bits[end] == bits[start] { end += 1 }
                    let character = Character(Unicode.Scalar(63 + bits[start]))
                    let count = end - start
                    text += count > 3 ? "!\(count)\(character)" : String(repeating: character, count: count)
                    start = end
                }
                if position < present.count - 1 { text += "$" }
            }
            text += "-"
        }
        return text + "\u{1B}\\"
    }

    /// Each pixel's palette entry, or -1 where it is transparent.
    static func quantize(_ image: Bitmap, to palette: [SIMD3<Int32>], dither: Bool) -> [Int] {
        var indices = [Int](repeating: -1, count: image.width * image.height)
        guard !palette.isEmpty else { return indices }
        var memo = [Int16](repeating: -1, count: 1 << 15)
        func nearest(_ color: SIMD3<Int32>) -> Int {
            let clamped = color.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255))
            let key = Int(clamped.x >> 3) << 10 | Int(clamped.y >> 3) << 5 | Int(clamped.z >> 3)
            if memo[key] >= 0 { return Int(memo[key]) }
            var best = 0
            var bestDistance = Int32.max
            for (index, entry) in palette.enumerated() {
                let difference = entry &- clamped
                // Weighted RGB distance (2, 4, 3): close to what eyes see, cheap.
                let distance =
                    2 * difference.x * difference.x + 4 * difference.y * difference.y + 3 * difference.z * difference.z
                if distance < bestDistance {
                    best = index
                    bestDistance = distance
                }
            }
            memo[key] = Int16(best)
            return best
        }
        var error = [SIMD3<Int32>](repeating: .zero, count: dither ? (image.width + 2) * 2 : 0)
        for y in 0..<image.height {
            let (current, next) = (y % 2 * (image.width + 2), (y + 1) % 2 * (image.width + 2))
            if dither { for x in 0..<(image.width + 2) { error[next + x] = .zero } }
            for x in 0..<image.width {
                let offset = y * image.bytesPerRow + x * 4
                guard image.pixels[offset + 3] >= 128 else { continue }
                var color = SIMD3(Int32(image.pixels[offset]), Int32(image.pixels[offset + 1]), Int32(image.pixels[offset + 2]))
                if dither { color &+= error[current + x + 1] / 16 }
                let index = nearest(color)
                indices[y * image.width + x] = index
                guard dither else { continue }
                let residual = color &- palette[index]
                error[current + x + 2] &+= residual &* 7
                error[next + x] &+= residual &* 3
                error[next + x + 1] &+= residual &* 5
                error[next + x + 2] &+= residual
            }
        }
        return indices
    }
}
