/// One cell's pixels summed into the regions a shape is made of, in weighted Oklab and sRGB:
/// each sub-cell, the bottom `k` pixel rows and the left `k` pixel columns (the eighth blocks).
///
/// Filled by `CellPixels.read(column:threshold:into:)` and reused from cell to cell: its storage
/// is allocated once, so it is noncopyable (no reference count, nothing copied per cell).
struct CellSums: ~Copyable {
    // `storage` holds, in order: the sub-cells' Oklab and sRGB sums (8 each), the sums of the
    // bottom 0...16 pixel rows (17 each) and of the left 0...8 pixel columns (9 each).
    private static let subcellSrgbOffset = 8
    private static let lowerLabOffset = 16
    private static let lowerSrgbOffset = lowerLabOffset + CellPixels.maximumHeight + 1
    private static let leftLabOffset = lowerSrgbOffset + CellPixels.maximumHeight + 1
    private static let leftSrgbOffset = leftLabOffset + CellPixels.width + 1
    private static let count = leftSrgbOffset + CellPixels.width + 1

    private let storage: UnsafeMutablePointer<SIMD4<Float>>
    /// Bit `n` set: sub-cell `n` is visible (not left to the terminal).
    private(set) var opaque = 0
    /// The pixel rows the cell was read at.
    private var height = CellPixels.maximumHeight
    private(set) var totalLab = SIMD4<Float>.zero
    private(set) var totalSrgb = SIMD4<Float>.zero

    init() {
        storage = .allocate(capacity: Self.count)
        storage.initialize(repeating: .zero, count: Self.count)
    }

    deinit { storage.deallocate() }

    /// Each sub-cell's Oklab sums, in sub-cell order.
    var subcellLabs: UnsafeBufferPointer<SIMD4<Float>> { UnsafeBufferPointer(start: storage, count: 8) }
    /// Each sub-cell's sRGB sums, in sub-cell order.
    var subcellSrgbs: UnsafeBufferPointer<SIMD4<Float>> {
        UnsafeBufferPointer(start: storage + Self.subcellSrgbOffset, count: 8)
    }

    /// The sums from a cell's halves of pixel rows (`2y` the left half of row `y`, `2y + 1` the
    /// right) and its pixel columns; visible: mean alpha at least `threshold`.
    mutating func sum(
        _ halves: CellPixels.Halves, columnLabs: UnsafePointer<SIMD4<Float>>,
        columnSrgbs: UnsafePointer<SIMD4<Float>>, layout: CellPixels.Layout, threshold: Float
    ) {
        opaque = 0
        let bands = layout.bands
        for band in 0..<layout.rowsPerCell {
            for side in 0..<2 {
                var lab = SIMD4<Float>.zero
                var srgb = SIMD4<Float>.zero
                var alpha: Float = 0
                for y in bands[band]..<bands[band + 1] {
                    lab += halves.labs[2 &* y &+ side]
                    srgb += halves.srgbs[2 &* y &+ side]
                    alpha += halves.alphas[2 &* y &+ side]
                }
                let index = band &* 2 &+ side
                storage[index] = lab
                storage[Self.subcellSrgbOffset &+ index] = srgb
                let area = Float((bands[band + 1] - bands[band]) * CellPixels.width / 2)
                if alpha >= threshold * area { opaque |= 1 << index }
            }
        }
        height = layout.height
        let lowerLabs = storage + Self.lowerLabOffset
        let lowerSrgbs = storage + Self.lowerSrgbOffset
        lowerLabs[0] = .zero
        lowerSrgbs[0] = .zero
        for k in 1...height {
            let y = height &- k
            lowerLabs[k] = lowerLabs[k &- 1] + halves.labs[2 &* y] + halves.labs[2 &* y &+ 1]
            lowerSrgbs[k] = lowerSrgbs[k &- 1] + halves.srgbs[2 &* y] + halves.srgbs[2 &* y &+ 1]
        }
        totalLab = lowerLabs[height]
        totalSrgb = lowerSrgbs[height]
        guard layout.drawsEighths else { return }
        let leftLabs = storage + Self.leftLabOffset
        let leftSrgbs = storage + Self.leftSrgbOffset
        leftLabs[0] = .zero
        leftSrgbs[0] = .zero
        for k in 1...CellPixels.width {
            leftLabs[k] = leftLabs[k &- 1] + columnLabs[k &- 1]
            leftSrgbs[k] = leftSrgbs[k &- 1] + columnSrgbs[k &- 1]
        }
    }

    /// The Oklab sums under the foreground of `shape`.
    func lab(of shape: CellShape) -> SIMD4<Float> {
        switch shape {
        case .subcells(let mask): sum(storage, mask)
        case .lower(let eighths): storage[Self.lowerLabOffset + eighths * height / 8]
        case .left(let eighths): storage[Self.leftLabOffset + eighths * CellPixels.width / 8]
        }
    }

    /// The sRGB sums under the foreground of `shape`.
    func srgb(of shape: CellShape) -> SIMD4<Float> {
        switch shape {
        case .subcells(let mask): sum(storage + Self.subcellSrgbOffset, mask)
        case .lower(let eighths): storage[Self.lowerSrgbOffset + eighths * height / 8]
        case .left(let eighths): storage[Self.leftSrgbOffset + eighths * CellPixels.width / 8]
        }
    }

    private func sum(_ values: UnsafeMutablePointer<SIMD4<Float>>, _ mask: Int) -> SIMD4<Float> {
        var total = SIMD4<Float>.zero
        var rest = mask
        while rest != 0 {
            total += values[rest.trailingZeroBitCount]
            rest &= rest - 1
        }
        return total
    }
}
