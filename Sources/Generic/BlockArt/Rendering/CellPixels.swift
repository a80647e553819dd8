import LoupeImaging

/// One row of cells' pixels at `width` x `cellHeight` pixels a cell, as weighted Oklab (the error
/// measured) and sRGB (the colors drawn): each pixel `(color × weight, weight)`, so a region's sum
/// is its weight too. A known `background` is blended in (weight 1); else a pixel weighs its
/// alpha, so the circle's transparent corners pull no color towards black.
///
/// Filled a pixel row at a time as the resampler hands rows over, read a cell at a time, then
/// refilled for the next row of cells: an image's pixels are never held whole.
struct CellPixels {
    /// Pixels across a cell.
    static let width = 8
    /// The most pixels down a cell: cells are twice as tall as wide.
    static let maximumHeight = 16

    /// Pixels down a cell, at most `maximumHeight`.
    let cellHeight: Int
    private let stride: Int
    private var labs: [SIMD4<Float>]
    private var srgbs: [SIMD4<Float>]
    private var alphas: [Float]
    private let backdrop: SIMD3<Float>?
    private let backdropLab: SIMD3<Float>
    /// Avatars have large flat areas: a pixel like the last one reuses its conversion (black,
    /// the first key, is 0 in Oklab).
    private var lastKey: UInt32 = 0
    private var lastLab = SIMD3<Float>.zero

    /// A row of `columns` cells, `cellHeight` pixels tall.
    init(columns: Int, cellHeight: Int, background: RGBA?) {
        precondition(cellHeight <= Self.maximumHeight, "at most \(Self.maximumHeight) rows a cell")
        self.cellHeight = cellHeight
        stride = columns * Self.width
        let count = stride * cellHeight
        labs = [SIMD4<Float>](repeating: .zero, count: count)
        srgbs = [SIMD4<Float>](repeating: .zero, count: count)
        alphas = [Float](repeating: 0, count: count)
        backdrop = background.map { SIMD3<Float>(Float($0.red), Float($0.green), Float($0.blue)) }
        backdropLab = backdrop.map(OKLab.from(srgb:)) ?? .zero
    }

    /// Pixel row `y` (`0..<cellHeight`) of the cells: `pixels`, RGBA with straight alpha,
    /// `columns * width` pixels.
    mutating func set(row y: Int, pixels: UnsafeBufferPointer<UInt8>) {
        // Long on purpose: cell art's per-pixel loop, which must run inside the buffers' scopes,
        // opened once per row rather than once per pixel.
        precondition(y < cellHeight && pixels.count == stride * 4, "a row of the cells")
        let (backdrop, backdropLab) = (self.backdrop, self.backdropLab)
        var (lastKey, lastLab) = (self.lastKey, self.lastLab)
        let start = y * stride
        OKLab.withTables { linear, cubeRoots in
            labs.withUnsafeMutableBufferPointer { labs in
                srgbs.withUnsafeMutableBufferPointer { srgbs in
                    alphas.withUnsafeMutableBufferPointer { alphas in
                        var offset = 0
                        for index in start..<(start + stride) {
                            let (red, green, blue, alpha) = (
                                pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3]
                            )
                            offset += 4
                            let opacity = Float(alpha) * (1 / 255)
                            alphas[index] = opacity
                            var srgb = SIMD3<Float>(Float(red), Float(green), Float(blue))
                            var weight: Float = 1
                            var lab: SIMD3<Float>
                            if alpha == 255 || backdrop == nil {
                                guard alpha > 0 else {
                                    labs[index] = .zero
                                    srgbs[index] = .zero
                                    continue
                                }
                                let key = UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
                                if key != lastKey {
                                    lastKey = key
                                    lastLab = OKLab.from(
                                        red: red, green: green, blue: blue, linear: linear, cubeRoots: cubeRoots)
                                }
                                lab = lastLab
                                weight = opacity
                            } else if let backdrop, alpha > 0 {
                                srgb = srgb * opacity + backdrop * (1 - opacity)
                                lab = OKLab.from(srgb: srgb)
                            } else {
                                srgb = backdrop ?? .zero
                                lab = backdropLab
                            }
                            labs[index] = SIMD4(lab * weight, weight)
                            srgbs[index] = SIMD4(srgb * weight, weight)
                        }
                    }
                }
            }
        }
        (self.lastKey, self.lastLab) = (lastKey, lastLab)
    }

    /// Fills `sums` with the cell at `column`.
    func read(column: Int, into sums: inout CellSums) {
        sums.clear()
        labs.withUnsafeBufferPointer { labs in
            srgbs.withUnsafeBufferPointer { srgbs in
                alphas.withUnsafeBufferPointer { alphas in
                    for y in 0..<cellHeight {
                        let start = y * stride + column * Self.width
                        sums.add(
                            row: y, labs: UnsafeBufferPointer(rebasing: labs[start..<start + Self.width]),
                            srgbs: UnsafeBufferPointer(rebasing: srgbs[start..<start + Self.width]),
                            alphas: UnsafeBufferPointer(rebasing: alphas[start..<start + Self.width]))
                    }
                }
            }
        }
    }
}
