/// The best way to draw one cell with two colors: the shape the foreground covers, chosen for
/// the least squared error in Oklab over the cell's pixels, the colors being each side's mean.
/// `CellFitter` finds it.
struct CellFit: Equatable {
    var shape: CellShape
    /// Weighted Oklab sums under the foreground and under the background.
    var inside: SIMD4<Float>
    var outside: SIMD4<Float>
    /// How much squared error the two means remove against none: `|ΣA|²/|A| + |ΣB|²/|B|`.
    /// The error is the cell's `Σ|x|²` less this, so the highest score is the least error.
    var score: Float

    /// Keeps `candidates` sorted by score and at most `keep` long; a fit that ties one already
    /// kept goes after it.
    static func insert(_ fit: CellFit, into candidates: inout [CellFit], keep: Int) {
        var position = candidates.count
        while position > 0 && candidates[position - 1].score < fit.score { position -= 1 }
        guard position < keep else { return }
        candidates.insert(fit, at: position)
        if candidates.count > keep { candidates.removeLast() }
    }
}
