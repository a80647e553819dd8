import LoupeToolbox

import Glibc

/// Lanczos3 weights for resampling one axis from `source` to `target` samples.
///
/// Every output sample reads the same number of inputs, `window`, from `starts[i]` on, with its
/// normalized weights stored `window` apart. A fixed window lets the filter loops run without a
/// per-sample count; near an edge the window is shifted inwards and the taps it gains weigh 0
/// (out-of-range taps are dropped and the rest renormalized, so edges clamp).
struct FilterTaps: Sendable {
    var starts: [Int]
    var weights: [Float]
    /// `weights`, each repeated in four lanes: the horizontal pass multiplies an RGBA pixel by one
    /// load, with no shuffle per tap.
    var lanes: [SIMD4<Float>]
    var window: Int

    static let lobes = 3.0

    init(source: Int, target: Int) {
        let scale = max(1, Double(source) / Double(target))
        let support = Self.lobes * scale
        var ranges: [(first: Int, taps: [Double])] = []
        for index in 0..<target {
            let center = (Double(index) + 0.5) * Double(source) / Double(target)
            let first = max(0, Int((center - support).rounded(.down)))
            let last = min(source - 1, Int((center + support).rounded(.up)))
            var taps = (first...last).map { Self.lanczos((Double($0) + 0.5 - center) / scale) }
            let total = taps.reduce(0, +)
            taps = taps.map { total == 0 ? 0 : $0 / total }
            ranges.append((first, taps))
        }
        window = min(source, ranges.map(\.taps.count).max() ?? 1)
        starts = []
        weights = [Float](repeating: 0, count: window * target)
        for (index, range) in ranges.enumerated() {
            let start = min(range.first, source - window)
            starts.append(start)
            for (offset, weight) in range.taps.enumerated() {
                weights[index * window + range.first - start + offset] = Float(weight)
            }
        }
        lanes = weights.map { SIMD4(repeating: $0) }
    }

    /// Taps for a size pair, computed once per thread: thumbnails of one size share them, and
    /// threads resampling at once share no lock.
    static func cached(source: Int, target: Int) -> FilterTaps {
        let key = SIMD2(source, target)
        return cache.withValue { cache in
            if let taps = cache[key] { return taps }
            let taps = FilterTaps(source: source, target: target)
            if cache.count > 64 { cache.removeAll() }
            cache[key] = taps
            return taps
        }
    }

    private static let cache = PerThread<[SIMD2<Int>: FilterTaps]> { [:] }

    static func lanczos(_ x: Double) -> Double {
        let distance = abs(x)
        if distance < 1e-9 { return 1 }
        if distance >= lobes { return 0 }
        let pix = Double.pi * distance
        return lobes * sin(pix) * sin(pix / lobes) / (pix * pix)
    }
}
