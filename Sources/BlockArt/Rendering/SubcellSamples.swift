import Imaging

/// A bitmap resampled to a symbol set's sub-cell grid, held as floats: sRGB (blended against the
/// terminal's background when it is known) for the colours drawn, Oklab for the error measured.
struct SubcellSamples {
    private let width: Int
    private let srgb: [SIMD3<Float>]
    private let labs: [SIMD3<Float>]
    private let visible: [Bool]

    /// One cell's samples, in sub-cell order; reused from cell to cell.
    struct Cell {
        var srgb: [SIMD3<Float>]
        var labs: [SIMD3<Float>]
        /// Bit `n` set: sub-cell `n` is visible (not left to the terminal's background).
        var opaque = 0

        init(subcells: Int) {
            srgb = Array(repeating: .zero, count: subcells)
            labs = Array(repeating: .zero, count: subcells)
        }

        /// The mean sRGB colour of the sub-cells in `mask`, or `nil` for an empty mask.
        func mean(of mask: Int) -> SIMD3<Float>? {
            guard mask != 0 else { return nil }
            var sum = SIMD3<Float>.zero
            for index in srgb.indices where mask & (1 << index) != 0 { sum += srgb[index] }
            return sum / Float(mask.nonzeroBitCount)
        }
    }

    /// Samples of `image`, each the mean of a `block` x `block` square (premultiplied, so
    /// transparent pixels add no colour). With a `background`, a sample is blended against it
    /// and counts as visible unless it is all but transparent (alpha under 8: resampler ringing);
    /// without, a sample under half alpha is left to the terminal.
    init(_ image: Bitmap, block: Int, background: RGBA?) {
        let width = image.width / block
        let height = image.height / block
        self.width = width
        let count = width * height
        var srgb = [SIMD3<Float>](repeating: .zero, count: count)
        var labs = [SIMD3<Float>](repeating: .zero, count: count)
        var visible = [Bool](repeating: false, count: count)
        let threshold: Float = background == nil ? 128 : 8
        let backdrop = background.map { SIMD3<Float>(Float($0.red), Float($0.green), Float($0.blue)) }
        let area = Float(block * block)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                for x in 0..<width {
                    var sum = SIMD3<Float>.zero
                    var coverage: Float = 0
                    for row in (y * block)..<(y * block + block) {
                        var offset = row * image.bytesPerRow + x * block * 4
                        for _ in 0..<block {
                            let alpha = Float(pixels[offset + 3])
                            sum += SIMD3(Float(pixels[offset]), Float(pixels[offset + 1]), Float(pixels[offset + 2])) * alpha
                            coverage += alpha
                            offset += 4
                        }
                    }
                    let index = y * width + x
                    let alpha = coverage / area
                    visible[index] = alpha >= threshold
                    var colour = coverage > 0 ? sum / coverage : .zero
                    if let backdrop, alpha < 255 {
                        colour = colour * (alpha / 255) + backdrop * (1 - alpha / 255)
                    }
                    srgb[index] = colour
                    labs[index] = OKLab.from(srgb: colour)
                }
            }
        }
        self.srgb = srgb
        self.labs = labs
        self.visible = visible
    }

    /// Fills `cell` with the samples of the cell at `column`, `row`.
    func read(column: Int, row: Int, in symbols: SymbolSet, into cell: inout Cell) {
        let across = symbols.columnsPerCell
        let left = column * across
        let top = row * symbols.rowsPerCell
        cell.opaque = 0
        for sub in 0..<symbols.subcells {
            let index = (top + sub / across) * width + left + sub % across
            cell.srgb[sub] = srgb[index]
            cell.labs[sub] = labs[index]
            if visible[index] { cell.opaque |= 1 << sub }
        }
    }
}
