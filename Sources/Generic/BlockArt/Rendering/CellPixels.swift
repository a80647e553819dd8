import LoupeImaging

/// One row of cells, `width` x `layout.height` pixels each, summed a pixel row at a time into the
/// regions every shape is made of: each half of each pixel row (sub-cells are unions of these)
/// and each pixel column (for the eighth blocks). Pixels count as weighted Oklab (the error
/// measured) and sRGB (the colors drawn), `(color × weight, weight)`, so a region's sum is its
/// weight too. A known `background` is blended in (weight 1); else a pixel weighs its alpha, so
/// the circle's transparent corners pull no color towards black.
///
/// Filled as the resampler hands rows over, read a cell at a time, then refilled for the next row
/// of cells: no pixel is stored past its row. Noncopyable: it owns its buffers.
struct CellPixels: ~Copyable {
    /// Pixels across a cell.
    static let width = 8
    /// The most pixels down a cell: cells are twice as tall as wide.
    static let maximumHeight = 16

    /// What the sums need of a symbol set, worked out once (`SymbolSet`'s are computed).
    struct Layout {
        /// Pixel rows a cell is fitted at.
        var height: Int
        var rowsPerCell: Int
        /// Where each band of sub-cells starts, and `height`.
        var bands: [Int]
        var drawsEighths: Bool

        init(_ symbols: SymbolSet) {
            height = symbols.fittedRows
            rowsPerCell = symbols.rowsPerCell
            bands = symbols.bands
            drawsEighths = symbols.drawsEighths
        }
    }

    /// The sums over a cell's halves of pixel rows.
    struct Halves {
        var labs: UnsafePointer<SIMD4<Float>>
        var srgbs: UnsafePointer<SIMD4<Float>>
        var alphas: UnsafePointer<Float>
    }

    let layout: Layout
    private let columns: Int
    /// Pixels across the row of cells.
    private let stride: Int
    private let backdrop: SIMD3<Float>?
    private let backdropLab: SIMD3<Float>
    /// The pixel row being added, weighted, and its Oklab as three planes (L, a, b).
    private let pixelLabs: UnsafeMutablePointer<SIMD4<Float>>
    private let pixelSrgbs: UnsafeMutablePointer<SIMD4<Float>>
    private let pixelAlphas: UnsafeMutablePointer<Float>
    private let planes: UnsafeMutablePointer<Float>
    /// Per cell, `2 * layout.height` halves (`2y` left, `2y + 1` right) and `width` columns.
    private let halfLabs: UnsafeMutablePointer<SIMD4<Float>>
    private let halfSrgbs: UnsafeMutablePointer<SIMD4<Float>>
    private let halfAlphas: UnsafeMutablePointer<Float>
    private let columnLabs: UnsafeMutablePointer<SIMD4<Float>>
    private let columnSrgbs: UnsafeMutablePointer<SIMD4<Float>>

    /// A row of `columns` cells laid out for `symbols`.
    init(columns: Int, symbols: SymbolSet, background: RGBA?) {
        layout = Layout(symbols)
        precondition(layout.height <= Self.maximumHeight, "at most \(Self.maximumHeight) rows a cell")
        self.columns = columns
        stride = columns * Self.width
        backdrop = background.map { SIMD3<Float>(Float($0.red), Float($0.green), Float($0.blue)) }
        backdropLab = backdrop.map(OKLab.from(srgb:)) ?? .zero
        // Trivial types, each element written before it is read: nothing is zeroed.
        let halves = columns * 2 * layout.height
        pixelLabs = .allocate(capacity: stride)
        pixelSrgbs = .allocate(capacity: stride)
        pixelAlphas = .allocate(capacity: stride)
        planes = .allocate(capacity: 3 * stride)
        halfLabs = .allocate(capacity: halves)
        halfSrgbs = .allocate(capacity: halves)
        halfAlphas = .allocate(capacity: halves)
        columnLabs = .allocate(capacity: stride)
        columnSrgbs = .allocate(capacity: stride)
    }

    deinit {
        for buffer in [pixelLabs, pixelSrgbs, halfLabs, halfSrgbs, columnLabs, columnSrgbs] { buffer.deallocate() }
        for buffer in [pixelAlphas, planes, halfAlphas] { buffer.deallocate() }
    }

    /// Adds pixel row `y` (`0..<layout.height`) of the cells: `pixels`, RGBA with straight
    /// alpha, `columns * width` of them. Row 0 starts the row of cells afresh.
    func add(row y: Int, pixels: UnsafeBufferPointer<UInt8>) {
        precondition(y < layout.height && pixels.count == stride * 4, "a row of the cells")
        guard let bytes = pixels.baseAddress else { return }
        if backdrop != nil && !Self.isOpaque(bytes, count: stride) {
            blend(bytes)
        } else {
            weigh(bytes)
        }
        if y == 0 {
            columnLabs.update(repeating: .zero, count: stride)
            columnSrgbs.update(repeating: .zero, count: stride)
        }
        // Each half summed left to right from zero, each column down from zero.
        let half = Self.width / 2
        for column in 0..<columns {
            for side in 0..<2 {
                var lab = SIMD4<Float>.zero
                var srgb = SIMD4<Float>.zero
                var alpha: Float = 0
                let first = column &* Self.width &+ side &* half
                for x in first..<(first &+ half) {
                    lab += pixelLabs[x]
                    srgb += pixelSrgbs[x]
                    alpha += pixelAlphas[x]
                    columnLabs[x] += pixelLabs[x]
                    columnSrgbs[x] += pixelSrgbs[x]
                }
                let index = (column &* layout.height &+ y) &* 2 &+ side
                halfLabs[index] = lab
                halfSrgbs[index] = srgb
                halfAlphas[index] = alpha
            }
        }
    }

    /// Fills `sums` with the cell at `column`, once all its pixel rows are added.
    func read(column: Int, threshold: Float, into sums: inout CellSums) {
        let halves = column * 2 * layout.height
        let columns = column * Self.width
        sums.sum(
            Halves(labs: halfLabs + halves, srgbs: halfSrgbs + halves, alphas: halfAlphas + halves),
            columnLabs: columnLabs + columns, columnSrgbs: columnSrgbs + columns,
            layout: layout, threshold: threshold)
    }

    /// Every pixel weighing its alpha: Oklab for the whole row at once, in planes.
    private func weigh(_ bytes: UnsafePointer<UInt8>) {
        let count = stride
        OKLab.withTables { linear, cubeRoots in
            OKLab.planes(of: bytes, count: count, linear: linear, cubeRoots: cubeRoots, into: planes)
        }
        for x in 0..<count {
            let pixel = bytes + x &* 4
            let weight = Float(pixel[3]) * (1 / 255)
            let lab = SIMD3(planes[x], planes[count &+ x], planes[2 &* count &+ x])
            let srgb = SIMD3(Float(pixel[0]), Float(pixel[1]), Float(pixel[2]))
            pixelLabs[x] = SIMD4(lab * weight, weight)
            pixelSrgbs[x] = SIMD4(srgb * weight, weight)
            pixelAlphas[x] = weight
        }
    }

    /// With a known background and translucent pixels: those are blended onto it and weigh 1.
    private func blend(_ bytes: UnsafePointer<UInt8>) {
        OKLab.withTables { linear, cubeRoots in
            for x in 0..<stride {
                let pixel = bytes + x &* 4
                let (red, green, blue, alpha) = (pixel[0], pixel[1], pixel[2], pixel[3])
                let opacity = Float(alpha) * (1 / 255)
                var srgb = SIMD3<Float>(Float(red), Float(green), Float(blue))
                var weight: Float = 1
                var lab: SIMD3<Float>
                if alpha == 255 {
                    lab = OKLab.from(red: red, green: green, blue: blue, linear: linear, cubeRoots: cubeRoots)
                    weight = opacity
                } else if let backdrop, alpha > 0 {
                    srgb = srgb * opacity + backdrop * (1 - opacity)
                    lab = OKLab.from(srgb: srgb)
                } else {
                    srgb = backdrop ?? .zero
                    lab = backdropLab
                }
                pixelLabs[x] = SIMD4(lab * weight, weight)
                pixelSrgbs[x] = SIMD4(srgb * weight, weight)
                pixelAlphas[x] = opacity
            }
        }
    }

    private static func isOpaque(_ pixels: UnsafePointer<UInt8>, count: Int) -> Bool {
        var alphas: UInt8 = 255
        for x in 0..<count { alphas &= pixels[x &* 4 &+ 3] }
        return alphas == 255
    }
}
