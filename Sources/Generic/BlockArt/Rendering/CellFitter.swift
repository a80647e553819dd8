/// Fits cells of one symbol set: every shape scored from a cell's sums, four shapes at a time.
///
/// For a split into sets A and B, the error is `Σ|x|² − |ΣA|²/|A| − |ΣB|²/|B|`, so only the sums
/// of each side matter. The sums of all `2^n` sub-cell patterns come from one pass (each is a
/// smaller one plus one sub-cell), the eighth blocks from prefix sums: a cell costs O(2^n). The
/// shapes are the set's splits (the whole cell, "one color", first, so a flat cell where every
/// split ties is drawn as a space), then the eighth blocks. Scores are computed in SIMD lanes
/// with the scalar formula's operations in its order, then read in shape order, so the choice,
/// ties included, is the one a shape-by-shape loop makes. Its buffers are allocated once per
/// image, so it is noncopyable.
struct CellFitter: ~Copyable {
    private let subcells: Int
    /// `shapeCount` shapes, padded to a multiple of four (the padding repeats the last shape).
    private let shapes: UnsafeMutablePointer<CellShape>
    private let shapeCount: Int
    private let paddedCount: Int
    private let splitCount: Int
    /// Per pattern of sub-cells, its Oklab sums.
    private let subsets: UnsafeMutablePointer<SIMD4<Float>>
    /// Per shape, the Oklab sums under its foreground; then its score.
    private let insides: UnsafeMutablePointer<SIMD4<Float>>
    private let scores: UnsafeMutablePointer<Float>

    init(_ symbols: SymbolSet) {
        subcells = symbols.subcells
        let splits = symbols.splits
        let eighths = symbols.drawsEighths ? (1...7).flatMap { [CellShape.lower($0), .left($0)] } : []
        let all = splits.map(CellShape.subcells) + eighths
        splitCount = splits.count
        shapeCount = all.count
        paddedCount = (all.count + 3) & ~3
        shapes = .allocate(capacity: paddedCount)
        shapes.initialize(from: all, count: all.count)
        (shapes + all.count).initialize(repeating: all[all.count - 1], count: paddedCount - all.count)
        subsets = .allocate(capacity: 1 << subcells)
        subsets.initialize(repeating: .zero, count: 1 << subcells)
        insides = .allocate(capacity: paddedCount)
        insides.initialize(repeating: .zero, count: paddedCount)
        scores = .allocate(capacity: paddedCount)
        scores.initialize(repeating: 0, count: paddedCount)
    }

    deinit {
        shapes.deinitialize(count: paddedCount)
        shapes.deallocate()
        subsets.deallocate()
        insides.deallocate()
        scores.deallocate()
    }

    /// The Oklab sums under every shape of `sums`' cell, for the fits that follow.
    mutating func prepare(_ sums: borrowing CellSums) {
        let full = (1 << subcells) - 1
        subsets[0] = .zero
        let labs = sums.subcellLabs
        for mask in 1...full {
            subsets[mask] = subsets[mask & (mask &- 1)] + labs[mask.trailingZeroBitCount]
        }
        for index in 0..<paddedCount {
            insides[index] =
                switch shapes[index] {
                case .subcells(let mask): subsets[mask]
                case let eighths: sums.lab(of: eighths)
                }
        }
    }

    /// The best `keep` fits of the prepared cell, best first; `total` is its `totalLab`.
    func best(total: SIMD4<Float>, keep: Int = 1, into candidates: inout [CellFit]) {
        let totals = Sides(total)
        for index in stride(from: 0, to: paddedCount, by: 4) {
            let inside = Sides(insides + index)
            let outside = totals - inside
            let score = inside.explained + outside.explained
            UnsafeMutableRawPointer(scores + index).storeBytes(of: score, as: SIMD4<Float>.self)
        }
        candidates.removeAll(keepingCapacity: true)
        var threshold = -Float.infinity
        for index in 0..<shapeCount where scores[index] > threshold {
            let inside = insides[index]
            let fit = CellFit(shape: shapes[index], inside: inside, outside: total - inside, score: scores[index])
            CellFit.insert(fit, into: &candidates, keep: keep)
            if candidates.count == keep { threshold = candidates[keep - 1].score }
        }
    }

    /// The best shape of the prepared cell for two fixed colors (Oklab), either way round: the
    /// shape, and whether `foreground` and `background` swap.
    func best(
        total: SIMD4<Float>, foreground: SIMD3<Float>, background: SIMD3<Float>
    ) -> (shape: CellShape, swapped: Bool, error: Float) {
        var best = (shape: CellShape.subcells((1 << subcells) - 1), swapped: false, error: Float.infinity)
        let totals = Sides(total)
        // Σ|x − c|² over a side is Σ|x|² − 2c·Σx + |c|²·w; the Σ|x|² terms add to a constant.
        for index in stride(from: 0, to: paddedCount, by: 4) {
            let inside = Sides(insides + index)
            let outside = totals - inside
            let straight = inside.cost(foreground) + outside.cost(background)
            let swapped = inside.cost(background) + outside.cost(foreground)
            for lane in 0..<min(4, shapeCount &- index) {
                if straight[lane] < best.error { best = (shapes[index &+ lane], false, straight[lane]) }
                if swapped[lane] < best.error { best = (shapes[index &+ lane], true, swapped[lane]) }
            }
        }
        return best
    }
}

/// Four sides' weighted Oklab sums, one lane a side: `x`, `y`, `z` the sums, `w` the weight.
private struct Sides {
    var x, y, z, w: SIMD4<Float>

    /// Each lane the same sums.
    init(_ side: SIMD4<Float>) {
        (x, y, z, w) = (SIMD4(repeating: side.x), SIMD4(repeating: side.y), SIMD4(repeating: side.z), SIMD4(repeating: side.w))
    }

    /// The four sums at `sides`, transposed.
    init(_ sides: UnsafePointer<SIMD4<Float>>) {
        let (a, b, c, d) = (sides[0], sides[1], sides[2], sides[3])
        x = SIMD4(a.x, b.x, c.x, d.x)
        y = SIMD4(a.y, b.y, c.y, d.y)
        z = SIMD4(a.z, b.z, c.z, d.z)
        w = SIMD4(a.w, b.w, c.w, d.w)
    }

    private init(x: SIMD4<Float>, y: SIMD4<Float>, z: SIMD4<Float>, w: SIMD4<Float>) {
        (self.x, self.y, self.z, self.w) = (x, y, z, w)
    }

    static func - (lhs: Sides, rhs: Sides) -> Sides {
        Sides(x: lhs.x - rhs.x, y: lhs.y - rhs.y, z: lhs.z - rhs.z, w: lhs.w - rhs.w)
    }

    /// `|Σx|²/w`, or 0 for a side with no weight (all transparent, or empty).
    var explained: SIMD4<Float> {
        ((x * x + y * y + z * z) / w).replacing(with: 0, where: w .<= 1e-6)
    }

    /// `−2c·Σx + |c|²·w`: the side's squared error against `color`, less its `Σ|x|²`.
    func cost(_ color: SIMD3<Float>) -> SIMD4<Float> {
        let dot = SIMD4<Float>.zero + color.x * x + color.y * y + color.z * z
        let square = (color * color).sum()
        return -2 * dot + square * w
    }
}
