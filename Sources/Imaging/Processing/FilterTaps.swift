import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lanczos3 weights for resampling one axis from `source` to `target` samples.
///
/// For output sample i: the first input index, how many taps, and their normalised weights
/// (stored `stride` apart). Edges clamp by dropping out-of-range taps and renormalising.
struct FilterTaps: Sendable {
    var starts: [Int]
    var counts: [Int]
    var weights: [Float]
    var stride: Int

    static let lobes = 3.0

    init(source: Int, target: Int) {
        let scale = max(1, Double(source) / Double(target))
        let support = Self.lobes * scale
        stride = Int((support * 2).rounded(.up)) + 2
        starts = []
        counts = []
        weights = [Float](repeating: 0, count: stride * target)
        for index in 0..<target {
            let centre = (Double(index) + 0.5) * Double(source) / Double(target)
            let first = max(0, Int((centre - support).rounded(.down)))
            let last = min(source - 1, Int((centre + support).rounded(.up)))
            var taps: [Double] = []
            for sample in first...last {
                taps.append(Self.lanczos((Double(sample) + 0.5 - centre) / scale))
            }
            let total = taps.reduce(0, +)
            starts.append(first)
            counts.append(min(taps.count, stride))
            for (offset, weight) in taps.prefix(stride).enumerated() {
                weights[index * stride + offset] = Float(total == 0 ? 0 : weight / total)
            }
        }
    }

    /// Taps for a size pair, computed once per process: thumbnails of one size share them.
    static func cached(source: Int, target: Int) -> FilterTaps {
        let key = SizePair(source: source, target: target)
        if let taps = cache.withLockedValue({ $0[key] }) { return taps }
        let taps = FilterTaps(source: source, target: target)
        cache.withLockedValue { cache in
            if cache.count > 64 { cache.removeAll() }
            cache[key] = taps
        }
        return taps
    }

    private struct SizePair: Hashable {
        var source: Int
        var target: Int
    }

    private static let cache = NIOLockedValueBox<[SizePair: FilterTaps]>([:])

    static func lanczos(_ x: Double) -> Double {
        let distance = abs(x)
        if distance < 1e-9 { return 1 }
        if distance >= lobes { return 0 }
        let pix = Double.pi * distance
        return lobes * sin(pix) * sin(pix / lobes) / (pix * pix)
    }
}
