/// The best way to draw one cell with two colours: which sub-cells take the foreground, and the
/// two colours, chosen for the least squared error in Oklab over the cell's sub-cell samples.
struct CellFit: Equatable {
    /// Bit `n` set: sub-cell `n` shows `foreground`.
    var mask: Int
    var foreground: SIMD3<Float>
    var background: SIMD3<Float>
    /// Sum of squared Oklab distances between the samples and the colours drawn for them.
    var error: Float

    /// The exact least-squares fit of `samples` (at most 8), over every mask.
    ///
    /// For a split into sets A and B, the error is `Σ|x|² − |ΣA|²/|A| − |ΣB|²/|B|`, so the best
    /// split maximises the last two terms. The sums of all `2^n` subsets come from one pass (each
    /// subset is a smaller one plus one sample), so a cell costs O(2^n), with no allocation:
    /// `scratch` holds the subset sums and must have room for `1 << samples.count` entries.
    /// `masks` are the splits to try, each with sub-cell 0 lit (a mask and its complement are
    /// one split); the whole-cell mask stands for "one colour".
    static func best(
        _ samples: UnsafeBufferPointer<SIMD3<Float>>, scratch: UnsafeMutableBufferPointer<SIMD3<Float>>,
        masks: [Int], keep: Int = 1, into candidates: inout [CellFit]
    ) {
        let count = samples.count
        let full = (1 << count) - 1
        var squares: Float = 0
        scratch[0] = .zero
        for mask in 1...full {
            let lowest = mask.trailingZeroBitCount
            scratch[mask] = scratch[mask & (mask - 1)] + samples[lowest]
        }
        for sample in samples { squares += (sample * sample).sum() }
        let total = scratch[full]
        candidates.removeAll(keepingCapacity: true)
        for mask in masks {
            let lit = Float(mask.nonzeroBitCount)
            let inside = scratch[mask]
            let outside = total - inside
            var score = (inside * inside).sum() / lit
            if mask != full { score += (outside * outside).sum() / (Float(count) - lit) }
            let error = max(0, squares - score)
            if candidates.count == keep, let last = candidates.last, error >= last.error { continue }
            let foreground = inside / lit
            let background = mask == full ? foreground : outside / (Float(count) - lit)
            insert(
                CellFit(mask: mask, foreground: foreground, background: background, error: error), into: &candidates,
                keep: keep)
        }
    }

    /// The best mask for two fixed colours: each sample takes the nearer one, or, with `masks`,
    /// the best of those masks and their complements.
    static func assign(
        _ samples: UnsafeBufferPointer<SIMD3<Float>>, foreground: SIMD3<Float>, background: SIMD3<Float>,
        masks: [Int]? = nil
    ) -> CellFit {
        if let masks {
            let full = (1 << samples.count) - 1
            var best = CellFit(mask: 0, foreground: foreground, background: background, error: .infinity)
            for mask in masks + masks.map({ full & ~$0 }) {
                var error: Float = 0
                for (index, sample) in samples.enumerated() {
                    let colour = mask & (1 << index) != 0 ? foreground : background
                    error += ((sample - colour) * (sample - colour)).sum()
                }
                if error < best.error { best = CellFit(mask: mask, foreground: foreground, background: background, error: error) }
            }
            return best
        }
        var mask = 0
        var error: Float = 0
        for (index, sample) in samples.enumerated() {
            let toForeground = ((sample - foreground) * (sample - foreground)).sum()
            let toBackground = ((sample - background) * (sample - background)).sum()
            if toForeground < toBackground {
                mask |= 1 << index
                error += toForeground
            } else {
                error += toBackground
            }
        }
        return CellFit(mask: mask, foreground: foreground, background: background, error: error)
    }

    /// Keeps `candidates` sorted by error and at most `keep` long.
    private static func insert(_ fit: CellFit, into candidates: inout [CellFit], keep: Int) {
        var position = candidates.count
        while position > 0 && candidates[position - 1].error > fit.error { position -= 1 }
        guard position < keep else { return }
        candidates.insert(fit, at: position)
        if candidates.count > keep { candidates.removeLast() }
    }
}
