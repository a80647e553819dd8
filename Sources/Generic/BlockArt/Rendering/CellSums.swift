/// One cell's pixels summed into the regions a shape is made of: each half of each pixel row
/// (sub-cells are unions of these) and each pixel column (for the eighth blocks), in weighted
/// Oklab and sRGB. Reused from cell to cell without allocating.
struct CellSums {
    /// Per pixel row `y`, the left half at `2y` and the right at `2y + 1`.
    private var halfLabs = [SIMD4<Float>](repeating: .zero, count: 2 * CellPixels.maximumHeight)
    private var halfSrgbs = [SIMD4<Float>](repeating: .zero, count: 2 * CellPixels.maximumHeight)
    private var halfAlphas = [Float](repeating: 0, count: 2 * CellPixels.maximumHeight)
    private var columnLabs = [SIMD4<Float>](repeating: .zero, count: CellPixels.width)
    private var columnSrgbs = [SIMD4<Float>](repeating: .zero, count: CellPixels.width)

    /// After `finish`: each sub-cell's sums, in sub-cell order.
    private(set) var subcellLabs = [SIMD4<Float>](repeating: .zero, count: 8)
    private(set) var subcellSrgbs = [SIMD4<Float>](repeating: .zero, count: 8)
    /// After `finish`, bit `n` set: sub-cell `n` is visible (not left to the terminal).
    private(set) var opaque = 0
    /// After `finish`: the sums of the bottom `k` pixel rows and of the left `k` pixel columns.
    private var lowerLabs = [SIMD4<Float>](repeating: .zero, count: CellPixels.maximumHeight + 1)
    private var lowerSrgbs = [SIMD4<Float>](repeating: .zero, count: CellPixels.maximumHeight + 1)
    private var leftLabs = [SIMD4<Float>](repeating: .zero, count: CellPixels.width + 1)
    private var leftSrgbs = [SIMD4<Float>](repeating: .zero, count: CellPixels.width + 1)
    /// After `finish`: the pixel rows the cell was read at.
    private var height = CellPixels.maximumHeight
    private(set) var totalLab = SIMD4<Float>.zero
    private(set) var totalSrgb = SIMD4<Float>.zero

    mutating func clear() {
        for index in 0..<CellPixels.width {
            columnLabs[index] = .zero
            columnSrgbs[index] = .zero
        }
    }

    /// Adds pixel row `row` of the cell.
    mutating func add(
        row: Int, labs: UnsafeBufferPointer<SIMD4<Float>>, srgbs: UnsafeBufferPointer<SIMD4<Float>>,
        alphas: UnsafeBufferPointer<Float>
    ) {
        let half = CellPixels.width / 2
        for side in 0..<2 {
            var lab = SIMD4<Float>.zero
            var srgb = SIMD4<Float>.zero
            var alpha: Float = 0
            for x in (side * half)..<(side * half + half) {
                lab += labs[x]
                srgb += srgbs[x]
                alpha += alphas[x]
                columnLabs[x] += labs[x]
                columnSrgbs[x] += srgbs[x]
            }
            halfLabs[2 * row + side] = lab
            halfSrgbs[2 * row + side] = srgb
            halfAlphas[2 * row + side] = alpha
        }
    }

    /// Derives the sub-cells and eighth-block prefixes; visible: mean alpha at least `threshold`.
    mutating func finish(_ symbols: SymbolSet, threshold: Float) {
        let bands = symbols.bands
        opaque = 0
        for band in 0..<symbols.rowsPerCell {
            for side in 0..<2 {
                var lab = SIMD4<Float>.zero
                var srgb = SIMD4<Float>.zero
                var alpha: Float = 0
                for y in bands[band]..<bands[band + 1] {
                    lab += halfLabs[2 * y + side]
                    srgb += halfSrgbs[2 * y + side]
                    alpha += halfAlphas[2 * y + side]
                }
                let index = band * 2 + side
                subcellLabs[index] = lab
                subcellSrgbs[index] = srgb
                let area = Float((bands[band + 1] - bands[band]) * CellPixels.width / 2)
                if alpha >= threshold * area { opaque |= 1 << index }
            }
        }
        height = symbols.fittedRows
        lowerLabs[0] = .zero
        lowerSrgbs[0] = .zero
        for k in 1...height {
            let y = height - k
            lowerLabs[k] = lowerLabs[k - 1] + halfLabs[2 * y] + halfLabs[2 * y + 1]
            lowerSrgbs[k] = lowerSrgbs[k - 1] + halfSrgbs[2 * y] + halfSrgbs[2 * y + 1]
        }
        totalLab = lowerLabs[height]
        totalSrgb = lowerSrgbs[height]
        guard symbols.drawsEighths else { return }
        leftLabs[0] = .zero
        leftSrgbs[0] = .zero
        for k in 1...CellPixels.width {
            leftLabs[k] = leftLabs[k - 1] + columnLabs[k - 1]
            leftSrgbs[k] = leftSrgbs[k - 1] + columnSrgbs[k - 1]
        }
    }

    /// The Oklab sums under the foreground of `shape`.
    func lab(of shape: CellShape) -> SIMD4<Float> {
        switch shape {
        case .subcells(let mask): sum(subcellLabs, mask)
        case .lower(let eighths): lowerLabs[eighths * height / 8]
        case .left(let eighths): leftLabs[eighths * CellPixels.width / 8]
        }
    }

    /// The sRGB sums under the foreground of `shape`.
    func srgb(of shape: CellShape) -> SIMD4<Float> {
        switch shape {
        case .subcells(let mask): sum(subcellSrgbs, mask)
        case .lower(let eighths): lowerSrgbs[eighths * height / 8]
        case .left(let eighths): leftSrgbs[eighths * CellPixels.width / 8]
        }
    }

    private func sum(_ values: [SIMD4<Float>], _ mask: Int) -> SIMD4<Float> {
        var total = SIMD4<Float>.zero
        var rest = mask
        while rest != 0 {
            total += values[rest.trailingZeroBitCount]
            rest &= rest - 1
        }
        return total
    }
}
