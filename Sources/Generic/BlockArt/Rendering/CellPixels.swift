import LoupeImaging

/// A bitmap at `width` x `height` pixels a cell, as weighted Oklab (the error measured) and sRGB
/// (the colors drawn): each pixel `(color × weight, weight)`, so a region's sum is its weight too.
/// A known `background` is blended in (weight 1); else a pixel weighs its alpha, so the circle's
/// transparent corners pull no color towards black.
struct CellPixels {
    /// Pixels across a cell.
    static let width = 8
    /// The most pixels down a cell: cells are twice as tall as wide.
    static let maximumHeight = 16

    /// Pixels down a cell, at most `maximumHeight`.
    let cellHeight: Int
    private let stride: Int
    private let labs: [SIMD4<Float>]
    private let srgbs: [SIMD4<Float>]
    private let alphas: [Float]

    /// `image`, which must be a whole number of cells `cellHeight` pixels tall in size.
    init(_ image: Bitmap, cellHeight: Int, background: RGBA?) {
        // Long on purpose: cell art's per-pixel loop, which must run inside the four buffers'
        // scopes, opened once per image rather than once per pixel.
        precondition(cellHeight <= Self.maximumHeight, "at most \(Self.maximumHeight) rows a cell")
        precondition(image.width % Self.width == 0 && image.height % cellHeight == 0, "whole cells only")
        self.cellHeight = cellHeight
        stride = image.width
        let count = image.width * image.height
        var labs = [SIMD4<Float>](repeating: .zero, count: count)
        var srgbs = [SIMD4<Float>](repeating: .zero, count: count)
        var alphas = [Float](repeating: 0, count: count)
        let backdrop = background.map { SIMD3<Float>(Float($0.red), Float($0.green), Float($0.blue)) }
        let backdropLab = backdrop.map(OKLab.from(srgb:)) ?? .zero
        // Avatars have large flat areas: a pixel like the last one reuses its conversion
        // (black, the first key, is 0 in Oklab).
        var lastKey: UInt32 = 0
        var lastLab = SIMD3<Float>.zero
        OKLab.withTables { linear, cubeRoots in
            image.pixels.withUnsafeBufferPointer { pixels in
                labs.withUnsafeMutableBufferPointer { labs in
                    srgbs.withUnsafeMutableBufferPointer { srgbs in
                        alphas.withUnsafeMutableBufferPointer { alphas in
                            for y in 0..<image.height {
                                var offset = y * image.bytesPerRow
                                for index in (y * image.width)..<(y * image.width + image.width) {
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
                                        guard alpha > 0 else { continue }
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
            }
        }
        self.labs = labs
        self.srgbs = srgbs
        self.alphas = alphas
    }

    /// Fills `sums` with the cell at `column`, `row`.
    func read(column: Int, row: Int, into sums: inout CellSums) {
        sums.clear()
        labs.withUnsafeBufferPointer { labs in
            srgbs.withUnsafeBufferPointer { srgbs in
                alphas.withUnsafeBufferPointer { alphas in
                    for y in 0..<cellHeight {
                        let start = (row * cellHeight + y) * stride + column * Self.width
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
