/// Reduces an RGBA image to at most 256 colors for a palette PNG (color type 3 with `tRNS`):
/// a quarter of the bytes to compress, and files a third the size of RGBA ones for a small portrait.
///
/// Colors are quantized premultiplied, so an error weighs what it changes once composited, with
/// alpha counted twice (`alphaWeight`). The pixels are first counted in bins (6 bits a channel
/// for opaque colors; 4 a channel and 3 of alpha for translucent ones; one bin for the fully
/// transparent), each bin's color the exact mean of its pixels. Heckbert's median cut splits
/// the opaque bins and, apart, the translucent ones (the anti-aliased edge of a circle: few
/// pixels, but over a light page every one of its errors shows), box by box where the weighted
/// variance is largest, at the weighted median of the widest channel. A few rounds of k-means
/// (Lloyd) move each entry to the mean of the bins nearest it; the transparent entry stays
/// exactly transparent. Each pixel takes its bin's entry. No dithering: it would add noise that
/// compresses badly and shows on flat cartoon colors.
public struct PaletteQuantizer: Sendable, Hashable {
    public var maximumColors: Int
    /// Rounds of k-means after the median cut.
    public var refinements: Int

    public init(maximumColors: Int = 256, refinements: Int = 2) {
        self.maximumColors = max(4, min(256, maximumColors))
        self.refinements = max(0, refinements)
    }

    /// At most this many entries go to translucent colors.
    static let translucentEntries = 64

    /// `bitmap` in at most `maximumColors` colors.
    public func quantize(_ bitmap: Bitmap) -> IndexedBitmap {
        let (bins, binOfPixel) = Self.histogram(bitmap)
        let transparent = bins.firstIndex { $0.mean == .zero }
        let opaqueAlpha = 254.5 * Self.alphaWeight
        let translucent = bins.filter { $0.mean != .zero && $0.mean.w < opaqueAlpha }
        let opaque = bins.filter { $0.mean.w >= opaqueAlpha }
        let forTranslucent = min(translucent.count, Self.translucentEntries)
        var palette: [SIMD4<Float>] = transparent == nil ? [] : [.zero]
        palette += Self.medianCut(translucent, maximum: forTranslucent)
        palette += Self.medianCut(opaque, maximum: maximumColors - palette.count)
        // The rounds move entries by the bins of more than one pixel (a lone pixel is mostly
        // JPEG's noise, and half the bins); every bin takes its nearest entry at the end.
        let major = bins.indices.filter { bins[$0].weight > 1 }
        let majorColors = major.map { bins[$0].mean }
        var nearest = NearestColor(palette)
        var assignment = nearest.indices(of: majorColors)
        for _ in 0..<refinements {
            var sums = [SIMD4<Float>](repeating: .zero, count: palette.count)
            var weights = [Float](repeating: 0, count: palette.count)
            for (bin, entry) in zip(major, assignment) {
                sums[entry] += bins[bin].mean * bins[bin].weight
                weights[entry] += bins[bin].weight
            }
            // Entry 0, when the image has transparent pixels, stays (0, 0, 0, 0).
            for entry in palette.indices where weights[entry] > 0 && (transparent == nil || entry > 0) {
                palette[entry] = sums[entry] / weights[entry]
            }
            nearest = NearestColor(palette)
            assignment = nearest.indices(of: majorColors, hints: assignment)
        }
        // Every bin's hint: its round's entry, or entry 0 for a lone pixel's (a start, not an answer).
        var hints = [Int](repeating: 0, count: bins.count)
        for (bin, entry) in zip(major, assignment) { hints[bin] = entry }
        assignment = nearest.indices(of: bins.map(\.mean), hints: hints)
        if let transparent { assignment[transparent] = 0 }
        // Translucent entries first: the tRNS chunk lists alphas only up to the last of them.
        let opaqueEntries = palette.indices.filter { palette[$0].w >= opaqueAlpha }
        let order = palette.indices.filter { palette[$0].w < opaqueAlpha } + opaqueEntries
        var position = [UInt8](repeating: 0, count: palette.count)
        for (new, old) in order.enumerated() { position[old] = UInt8(new) }
        let indices = binOfPixel.map { position[assignment[Int($0)]] }
        let colors = order.map { Self.straight(palette[$0]) }
        return IndexedBitmap(width: bitmap.width, height: bitmap.height, palette: colors, indices: indices)
    }

    /// How much more an error of alpha counts than one of a color channel: over a light
    /// background an alpha error shows in every channel at once.
    static let alphaWeight: Float = 2

    /// A bin: the mean premultiplied color of its pixels (alpha times `alphaWeight`) and how
    /// many they are.
    struct Bin {
        var mean: SIMD4<Float>
        var weight: Float
    }

    /// The image's occupied bins, and each pixel's bin.
    static func histogram(_ bitmap: Bitmap) -> (bins: [Bin], binOfPixel: [Int32]) {
        // Opaque keys below 1 << 18, translucent ones from there, the transparent bin last.
        var slotOfKey = [Int32](repeating: -1, count: (1 << 18) + (1 << 15) + 1)
        var sums: [SIMD4<Float>] = []
        var counts: [Float] = []
        var binOfPixel = [Int32](repeating: 0, count: bitmap.width * bitmap.height)
        forEachPixel(bitmap) { position, color in
            let key =
                switch color.w {
                case 255: (color.x >> 2) << 12 | (color.y >> 2) << 6 | color.z >> 2
                case 0: (1 << 18) + (1 << 15)
                default: 1 << 18 | (color.x >> 4) << 11 | (color.y >> 4) << 7 | (color.z >> 4) << 3 | color.w >> 5
                }
            var slot = slotOfKey[key]
            if slot < 0 {
                slot = Int32(sums.count)
                slotOfKey[key] = slot
                sums.append(.zero)
                counts.append(0)
            }
            sums[Int(slot)] += SIMD4(Float(color.x), Float(color.y), Float(color.z), Float(color.w) * alphaWeight)
            counts[Int(slot)] += 1
            binOfPixel[position] = slot
        }
        return (zip(sums, counts).map { Bin(mean: $0 / $1, weight: $1) }, binOfPixel)
    }

    /// Calls `body` with each pixel's position (row by row) and premultiplied color.
    @inline(__always)
    static func forEachPixel(_ bitmap: Bitmap, _ body: (Int, SIMD4<Int>) -> Void) {
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            var position = 0
            for y in 0..<bitmap.height {
                var offset = y * bitmap.bytesPerRow
                for _ in 0..<bitmap.width {
                    let alpha = Int(pixels[offset + 3])
                    // c·a/255 rounded, without a division: (t + t >> 8) >> 8 for t = c·a + 128.
                    let products = SIMD4(Int(pixels[offset]), Int(pixels[offset + 1]), Int(pixels[offset + 2]), 255) &* alpha &+ 128
                    body(position, (products &+ (products &>> 8)) &>> 8)
                    position += 1
                    offset += 4
                }
            }
        }
    }

    /// Splits the bins into at most `maximum` boxes, always the box of largest weighted variance,
    /// across its widest channel at the weighted median; each box's mean is an entry.
    static func medianCut(_ bins: [Bin], maximum: Int) -> [SIMD4<Float>] {
        guard !bins.isEmpty, maximum > 0 else { return [] }
        var bins = bins
        struct Box {
            var range: Range<Int>
            var mean: SIMD4<Float>
            var variance: SIMD4<Float>
            var score: Float { variance.max() }
        }
        func box(_ range: Range<Int>) -> Box {
            var sum = SIMD4<Float>.zero
            var squares = SIMD4<Float>.zero
            var weight: Float = 0
            for bin in bins[range] {
                sum += bin.mean * bin.weight
                squares += bin.mean * bin.mean * bin.weight
                weight += bin.weight
            }
            let mean = sum / weight
            // Total (not mean) squared deviation: a large box of spread colors goes first.
            let variance = range.count > 1 ? squares - mean * mean * weight : .zero
            return Box(range: range, mean: mean, variance: variance)
        }
        var boxes = [box(bins.indices)]
        // A histogram of one channel's values, cleared after each use.
        var weights = [Float](repeating: 0, count: Int(255 * alphaWeight) + 1)
        while boxes.count < maximum {
            guard let chosen = boxes.indices.max(by: { boxes[$0].score < boxes[$1].score }), boxes[chosen].score > 0 else { break }
            let range = boxes[chosen].range
            let variance = boxes[chosen].variance
            let channel = variance.indices.max { variance[$0] < variance[$1] } ?? 0
            // The weighted median along the channel, from a histogram of its values, then
            // the bins partitioned about it (no sort: this runs up to 255 times an image).
            var total: Float = 0
            var (low, high) = (weights.count - 1, 0)
            for bin in bins[range] {
                let value = Int(bin.mean[channel])
                weights[value] += bin.weight
                total += bin.weight
                (low, high) = (min(low, value), max(high, value))
            }
            var median = low
            var below = weights[low]
            while below < total / 2, median < high {
                median += 1
                below += weights[median]
            }
            for value in low...high { weights[value] = 0 }
            var cut = bins[range].partition { Int($0.mean[channel]) > median }
            if cut == range.upperBound { cut = bins[range].partition { Int($0.mean[channel]) >= median } }
            guard cut > range.lowerBound, cut < range.upperBound else {
                boxes[chosen].variance = .zero
                continue
            }
            boxes[chosen] = box(range.lowerBound..<cut)
            boxes.append(box(cut..<range.upperBound))
        }
        return boxes.map(\.mean)
    }

    /// A premultiplied entry as the straight color a PNG palette holds.
    static func straight(_ color: SIMD4<Float>) -> RGBA {
        let alpha = (color.w / alphaWeight).rounded()
        guard alpha > 0 else { return RGBA(0, 0, 0, 0) }
        let channels = (SIMD4(color.x, color.y, color.z, alpha) * (255 / alpha)).rounded(.toNearestOrEven).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
        return RGBA(UInt8(channels.x), UInt8(channels.y), UInt8(channels.z), UInt8(min(255, alpha)))
    }
}
