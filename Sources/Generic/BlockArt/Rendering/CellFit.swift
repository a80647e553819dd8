/// The best way to draw one cell with two colors: the shape the foreground covers, chosen for
/// the least squared error in Oklab over the cell's pixels, the colors being each side's mean.
struct CellFit: Equatable {
    var shape: CellShape
    /// Weighted Oklab sums under the foreground and under the background.
    var inside: SIMD4<Float>
    var outside: SIMD4<Float>
    /// How much squared error the two means remove against none: `|ΣA|²/|A| + |ΣB|²/|B|`.
    /// The error is the cell's `Σ|x|²` less this, so the highest score is the least error.
    var score: Float

    /// The best `keep` fits of `sums` (prepared with `finish(symbols, …)`) over every shape of
    /// `symbols`, best first.
    ///
    /// For a split into sets A and B, the error is `Σ|x|² − |ΣA|²/|A| − |ΣB|²/|B|`, so only the
    /// sums of each side matter. The sums of all `2^n` sub-cell patterns come from one pass (each
    /// is a smaller one plus one sub-cell), the eighth blocks from prefix sums: a cell costs
    /// O(2^n), with no allocation. `scratch` must hold `1 << symbols.subcells` entries. `splits`
    /// are `symbols.splits`; the whole cell stands for "one color" and comes first, so a flat
    /// cell (where every split ties) is drawn as a space.
    static func best(
        _ sums: CellSums, symbols: SymbolSet, splits: [Int], scratch: UnsafeMutableBufferPointer<SIMD4<Float>>,
        keep: Int = 1, into candidates: inout [CellFit]
    ) {
        let full = (1 << symbols.subcells) - 1
        scratch[0] = .zero
        sums.subcellLabs.withUnsafeBufferPointer { subcells in
            for mask in 1...full {
                scratch[mask] = scratch[mask & (mask - 1)] + subcells[mask.trailingZeroBitCount]
            }
        }
        let total = sums.totalLab
        candidates.removeAll(keepingCapacity: true)
        var threshold = -Float.infinity
        func consider(_ shape: CellShape, _ inside: SIMD4<Float>) {
            let outside = total - inside
            let score = explained(inside) + explained(outside)
            guard score > threshold else { return }
            insert(CellFit(shape: shape, inside: inside, outside: outside, score: score), into: &candidates, keep: keep)
            if candidates.count == keep { threshold = candidates[keep - 1].score }
        }
        forEachShape(sums, symbols: symbols, splits: splits, scratch: scratch, consider)
    }

    /// The best shape of `symbols` for two fixed colors (Oklab), either way round: the shape,
    /// and whether `foreground` and `background` swap.
    static func best(
        _ sums: CellSums, symbols: SymbolSet, splits: [Int], scratch: UnsafeMutableBufferPointer<SIMD4<Float>>,
        foreground: SIMD3<Float>, background: SIMD3<Float>
    ) -> (shape: CellShape, swapped: Bool, error: Float) {
        let total = sums.totalLab
        var best = (shape: CellShape.subcells((1 << symbols.subcells) - 1), swapped: false, error: Float.infinity)
        // Σ|x − c|² over a side is Σ|x|² − 2c·Σx + |c|²·w; the Σ|x|² terms add to a constant.
        func cost(_ side: SIMD4<Float>, _ color: SIMD3<Float>) -> Float {
            -2 * (color * SIMD3(side.x, side.y, side.z)).sum() + (color * color).sum() * side.w
        }
        func consider(_ shape: CellShape, _ inside: SIMD4<Float>) {
            let outside = total - inside
            let straight = cost(inside, foreground) + cost(outside, background)
            let swapped = cost(inside, background) + cost(outside, foreground)
            if straight < best.error { best = (shape, false, straight) }
            if swapped < best.error { best = (shape, true, swapped) }
        }
        // The subset sums in `scratch` are still those of `sums` from `best(_:…into:)`.
        forEachShape(sums, symbols: symbols, splits: splits, scratch: scratch, consider)
        return best
    }

    /// Every shape of `symbols` with the Oklab sums under its foreground: the sub-cell patterns
    /// from the subset sums in `scratch`, then the eighth blocks.
    @inline(__always)
    private static func forEachShape(
        _ sums: CellSums, symbols: SymbolSet, splits: [Int], scratch: UnsafeMutableBufferPointer<SIMD4<Float>>,
        _ body: (CellShape, SIMD4<Float>) -> Void
    ) {
        for mask in splits { body(.subcells(mask), scratch[mask]) }
        guard symbols.drawsEighths else { return }
        for eighths in 1...7 {
            body(.lower(eighths), sums.lab(of: .lower(eighths)))
            body(.left(eighths), sums.lab(of: .left(eighths)))
        }
    }

    /// `|Σx|²/w`, or 0 for a side with no weight (all transparent, or empty).
    @inline(__always)
    private static func explained(_ side: SIMD4<Float>) -> Float {
        side.w > 1e-6 ? (side.x * side.x + side.y * side.y + side.z * side.z) / side.w : 0
    }

    /// Keeps `candidates` sorted by score and at most `keep` long.
    private static func insert(_ fit: CellFit, into candidates: inout [CellFit], keep: Int) {
        var position = candidates.count
        while position > 0 && candidates[position - 1].score < fit.score { position -= 1 }
        guard position < keep else { return }
        candidates.insert(fit, at: position)
        if candidates.count > keep { candidates.removeLast() }
    }
}
