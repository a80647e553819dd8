/// The nearest of a palette's colors to a query, by squared distance, without comparing every
/// entry: the entries are sorted by their projection on the palette's principal axis (where they
/// spread most), the search starts at the query's projection and walks outwards, and stops on
/// each side once the projection alone is farther than the best found (|q - p|² ≥ ((q - p)·u)²
/// for a unit vector u).
struct NearestColor {
    private let palette: [SIMD4<Float>]
    private let sorted: [SIMD4<Float>]
    private let keys: [Float]
    private let original: [Int]

    private let axis: SIMD4<Float>

    init(_ palette: [SIMD4<Float>]) {
        self.palette = palette
        let axis = Self.principalAxis(palette)
        let projections = palette.map { ($0 * axis).sum() }
        let order = palette.indices.sorted { projections[$0] < projections[$1] }
        sorted = order.map { palette[$0] }
        keys = order.map { projections[$0] }
        original = order
        self.axis = axis
    }

    /// The unit direction of the colors' largest spread: a few rounds of power iteration on
    /// their covariance, from the gray axis.
    static func principalAxis(_ colors: [SIMD4<Float>]) -> SIMD4<Float> {
        guard !colors.isEmpty else { return SIMD4(repeating: 0.5) }
        let mean = colors.reduce(.zero, +) / Float(colors.count)
        var rows = [SIMD4<Float>](repeating: .zero, count: 4)
        for color in colors {
            let centered = color - mean
            for row in 0..<4 { rows[row] += centered * centered[row] }
        }
        var axis = SIMD4<Float>(repeating: 0.5)
        for _ in 0..<8 {
            let next = SIMD4((rows[0] * axis).sum(), (rows[1] * axis).sum(), (rows[2] * axis).sum(), (rows[3] * axis).sum())
            let length = (next * next).sum().squareRoot()
            guard length > 0 else { break }
            axis = next / length
        }
        return axis
    }

    /// The entry nearest each query; `hints`, entries likely near (the last round's), bound each
    /// search from the start.
    func indices(of queries: [SIMD4<Float>], hints: [Int]? = nil) -> [Int] {
        palette.withUnsafeBufferPointer { palette in
            sorted.withUnsafeBufferPointer { sorted in
                keys.withUnsafeBufferPointer { keys in
                    original.withUnsafeBufferPointer { original in
                        queries.indices.map { position in
                            Self.nearest(
                                queries[position], hint: hints?[position], axis: axis, palette: palette, sorted: sorted,
                                keys: keys, original: original)
                        }
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func nearest(
        _ query: SIMD4<Float>, hint: Int?, axis: SIMD4<Float>, palette: UnsafeBufferPointer<SIMD4<Float>>,
        sorted: UnsafeBufferPointer<SIMD4<Float>>, keys: UnsafeBufferPointer<Float>, original: UnsafeBufferPointer<Int>
    ) -> Int {
        let key = (query * axis).sum()
        var (low, high) = (0, keys.count)
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        // The answer as an index of the palette given, and its distance.
        var (best, bestDistance) = (0, Float.infinity)
        if let hint {
            let difference = palette[hint] - query
            (best, bestDistance) = (hint, (difference * difference).sum())
        }
        // Walks outwards from the query's place; a side ends once its projection alone is farther.
        func visit(_ index: Int, gap: Float) -> Bool {
            guard gap * gap < bestDistance else { return false }
            let difference = sorted[index] - query
            let distance = (difference * difference).sum()
            if distance < bestDistance { (best, bestDistance) = (original[index], distance) }
            return true
        }
        var (down, up) = (low - 1, low)
        while down >= 0 || up < keys.count {
            if up < keys.count { up = visit(up, gap: keys[up] - key) ? up + 1 : keys.count }
            if down >= 0 { down = visit(down, gap: key - keys[down]) ? down - 1 : -1 }
        }
        return best
    }
}
