import LoupeImaging

/// An adaptive palette for one image (Heckbert's median cut): the opaque pixels are split, box by
/// box, at the median of the box's widest channel until there are `maximum` boxes; each entry is
/// its box's mean. Unlike a fixed palette it spends its entries where the picture's colors are,
/// so skin stays skin.
enum MedianCut {
    /// Up to `maximum` colors for the pixels of `image` with alpha at least 128.
    static func palette(for image: Bitmap, maximum: Int = 256) -> [SIMD3<Int32>] {
        var colors: [SIMD3<Int32>] = []
        let step = max(1, (image.width * image.height) / 40_000)
        var position = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                position += 1
                guard position % step == 0 else { continue }
                let offset = y * image.bytesPerRow + x * 4
                guard image.pixels[offset + 3] >= 128 else { continue }
                colors.append(
                    SIMD3(Int32(image.pixels[offset]), Int32(image.pixels[offset + 1]), Int32(image.pixels[offset + 2])))
            }
        }
        guard !colors.isEmpty else { return [] }
        var boxes: [Range<Int>] = [0..<colors.count]
        while boxes.count < maximum {
            // Split the box whose widest channel spans most, weighted by how many pixels it holds.
            var chosen: (box: Int, channel: Int, weight: Int)?
            for (index, box) in boxes.enumerated() where box.count > 1 {
                var low = SIMD3<Int32>(repeating: 255)
                var high = SIMD3<Int32>(repeating: 0)
                for color in colors[box] {
                    low = pointwiseMin(low, color)
                    high = pointwiseMax(high, color)
                }
                let span = high &- low
                let channel = span.x >= span.y && span.x >= span.z ? 0 : (span.y >= span.z ? 1 : 2)
                let weight = Int(span[channel]) * box.count
                if span[channel] > 0, weight > (chosen?.weight ?? 0) { chosen = (index, channel, weight) }
            }
            guard let chosen else { break }
            let box = boxes[chosen.box]
            colors[box].sort { $0[chosen.channel] < $1[chosen.channel] }
            let middle = box.lowerBound + box.count / 2
            boxes[chosen.box] = box.lowerBound..<middle
            boxes.append(middle..<box.upperBound)
        }
        var seen = Set<SIMD3<Int32>>()
        return boxes.map { box in
            var sum = SIMD3<Int32>.zero
            for color in colors[box] { sum &+= color }
            return sum / Int32(box.count)
        }.filter { seen.insert($0).inserted }
    }
}
