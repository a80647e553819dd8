import LoupeImaging
import LoupeToolbox
import Testing

@testable import BlockArt

/// Each vectorized path of cell art against the plain computation it replaces.
///
/// On seeded random inputs. The paths do the same float operations in the same order lane by
/// lane, so the tolerance is zero: cell art's output stays byte for byte what it was.
@Suite struct FastPathTests {
    @Test func oklabPlanesMatchThePerPixelConversion() {
        var random = SplitMix64(seed: 0x0C1A)
        let count = 1003
        let pixels = (0..<count * 4).map { _ in UInt8.random(in: 0...255, using: &random) }
        var planes = [Float](repeating: .nan, count: 3 * count)
        OKLab.withTables { linear, cubeRoots in
            pixels.withUnsafeBufferPointer { pixels in
                planes.withUnsafeMutableBufferPointer { planes in
                    OKLab.planes(
                        of: pixels.baseAddress!, count: count, linear: linear, cubeRoots: cubeRoots,
                        into: planes.baseAddress!)
                }
            }
            for index in 0..<count {
                let (red, green, blue) = (pixels[4 * index], pixels[4 * index + 1], pixels[4 * index + 2])
                let scalar = OKLab.from(red: red, green: green, blue: blue, linear: linear, cubeRoots: cubeRoots)
                let planar = SIMD3(planes[index], planes[count + index], planes[2 * count + index])
                #expect(planar == scalar, "pixel \(index): \(red), \(green), \(blue)")
            }
        }
    }
}

extension FastPathTests {
    /// A cell's sums, pixel row by pixel row into the halves and columns and from those into
    /// the shapes, against every region summed straight from the per-pixel conversion.
    @Test(arguments: SymbolSet.allCases, [false, true])
    func cellSumsMatchSummingEachRegion(symbols: SymbolSet, blended: Bool) {
        var random = SplitMix64(seed: blended ? 0x5E75 : 0x5E7A)
        let rows = symbols.fittedRows
        let background = blended ? RGBA(20, 40, 80) : nil
        var sums = CellSums()
        for _ in 0..<20 {
            var image = Bitmap(width: 8, height: rows)
            for y in 0..<rows {
                for x in 0..<8 {
                    let alpha: UInt8 = [0, 255, 255, .random(in: 0...255, using: &random)].randomElement(using: &random)!
                    image[x, y] = RGBA(
                        .random(in: 0...255, using: &random), .random(in: 0...255, using: &random),
                        .random(in: 0...255, using: &random), alpha)
                }
            }
            CellRendererTests.read(image, symbols: symbols, background: background, into: &sums)
            // Per pixel, as the renderer's per-pixel loop once computed it.
            let backdrop = background.map { SIMD3<Float>(Float($0.red), Float($0.green), Float($0.blue)) }
            var labs = [[SIMD4<Float>]](repeating: [], count: rows)
            var srgbs = [[SIMD4<Float>]](repeating: [], count: rows)
            for y in 0..<rows {
                for x in 0..<8 {
                    let pixel = image[x, y]
                    let opacity = Float(pixel.alpha) * (1 / 255)
                    var srgb = SIMD3<Float>(Float(pixel.red), Float(pixel.green), Float(pixel.blue))
                    var lab = OKLab.withTables { linear, cubeRoots in
                        OKLab.from(red: pixel.red, green: pixel.green, blue: pixel.blue, linear: linear, cubeRoots: cubeRoots)
                    }
                    var weight = opacity
                    if let backdrop, pixel.alpha != 255 {
                        weight = 1
                        srgb = pixel.alpha > 0 ? srgb * opacity + backdrop * (1 - opacity) : backdrop
                        lab = pixel.alpha > 0 ? OKLab.from(srgb: srgb) : OKLab.from(srgb: backdrop)
                    }
                    labs[y].append(SIMD4(lab * weight, weight))
                    srgbs[y].append(SIMD4(srgb * weight, weight))
                }
            }
            // Each region in the order the renderer adds: halves left to right, bands of halves
            // top down, the lower rows bottom up (a row's halves left then right), columns down.
            func halves(_ values: [[SIMD4<Float>]], _ y: Int, _ side: Int) -> SIMD4<Float> {
                (0..<4).reduce(SIMD4<Float>.zero) { $0 + values[y][side * 4 + $1] }
            }
            let bands = symbols.bands
            for band in 0..<symbols.rowsPerCell {
                for side in 0..<2 {
                    let index = band * 2 + side
                    let range = bands[band]..<bands[band + 1]
                    #expect(sums.subcellLabs[index] == range.reduce(.zero) { $0 + halves(labs, $1, side) })
                    #expect(sums.subcellSrgbs[index] == range.reduce(.zero) { $0 + halves(srgbs, $1, side) })
                }
            }
            var lowerLab = SIMD4<Float>.zero
            var lowerSrgb = SIMD4<Float>.zero
            var lowers: [Int: (SIMD4<Float>, SIMD4<Float>)] = [:]
            for k in 1...rows {
                lowerLab = lowerLab + halves(labs, rows - k, 0) + halves(labs, rows - k, 1)
                lowerSrgb = lowerSrgb + halves(srgbs, rows - k, 0) + halves(srgbs, rows - k, 1)
                lowers[k] = (lowerLab, lowerSrgb)
            }
            #expect(sums.totalLab == lowerLab && sums.totalSrgb == lowerSrgb)
            guard symbols.drawsEighths else { continue }
            var leftLab = SIMD4<Float>.zero
            var leftSrgb = SIMD4<Float>.zero
            for eighths in 1...7 {
                #expect(sums.lab(of: .lower(eighths)) == lowers[eighths * rows / 8]?.0)
                #expect(sums.srgb(of: .lower(eighths)) == lowers[eighths * rows / 8]?.1)
                let x = eighths - 1
                leftLab += (0..<rows).reduce(SIMD4<Float>.zero) { $0 + labs[$1][x] }
                leftSrgb += (0..<rows).reduce(SIMD4<Float>.zero) { $0 + srgbs[$1][x] }
                #expect(sums.lab(of: .left(eighths)) == leftLab && sums.srgb(of: .left(eighths)) == leftSrgb)
            }
        }
    }
}

extension FastPathTests {
    /// The fitter's four-at-a-time scores and picks against the shape-by-shape loop it replaced,
    /// best few and fixed colors, on random cells (some with transparent pixels, so that a side
    /// can weigh nothing, and some flat, so that shapes tie).
    @Test(arguments: SymbolSet.allCases)
    func fitterMatchesTheShapeByShapeLoop(symbols: SymbolSet) {
        var random = SplitMix64(seed: 0xF177)
        let rows = symbols.fittedRows
        let shapes =
            symbols.splits.map(CellShape.subcells)
            + (symbols.drawsEighths ? (1...7).flatMap { [CellShape.lower($0), .left($0)] } : [])
        var fitter = CellFitter(symbols)
        var sums = CellSums()
        var candidates: [CellFit] = []
        for trial in 0..<60 {
            let colors = (0..<3).map { _ in
                RGBA(
                    .random(in: 0...255, using: &random), .random(in: 0...255, using: &random),
                    .random(in: 0...255, using: &random), trial % 3 == 0 ? [0, 255].randomElement(using: &random)! : 255)
            }
            var image = Bitmap(width: 8, height: rows)
            for y in 0..<rows {
                for x in 0..<8 { image[x, y] = trial % 5 == 0 ? colors[0] : colors[Int.random(in: 0...2, using: &random)] }
            }
            CellRendererTests.read(image, symbols: symbols, into: &sums)
            fitter.prepare(sums)
            let total = sums.totalLab
            // The sums under a shape as the loop took them: a pattern's from a smaller one
            // plus one sub-cell, an eighth block's from the prefix sums.
            var subsets = [SIMD4<Float>](repeating: .zero, count: 1 << symbols.subcells)
            for mask in 1..<subsets.count {
                subsets[mask] = subsets[mask & (mask - 1)] + sums.subcellLabs[mask.trailingZeroBitCount]
            }
            func lab(_ shape: CellShape) -> SIMD4<Float> {
                if case .subcells(let mask) = shape { subsets[mask] } else { sums.lab(of: shape) }
            }
            // The loop as it was: each shape's sums, score and pick in turn.
            func explained(_ side: SIMD4<Float>) -> Float {
                side.w > 1e-6 ? (side.x * side.x + side.y * side.y + side.z * side.z) / side.w : 0
            }
            for keep in [1, 3] {
                var expected: [CellFit] = []
                var threshold = -Float.infinity
                for shape in shapes {
                    let inside = lab(shape)
                    let score = explained(inside) + explained(total - inside)
                    guard score > threshold else { continue }
                    CellFit.insert(
                        CellFit(shape: shape, inside: inside, outside: total - inside, score: score), into: &expected,
                        keep: keep)
                    if expected.count == keep { threshold = expected[keep - 1].score }
                }
                fitter.best(total: total, keep: keep, into: &candidates)
                #expect(candidates == expected, "\(symbols), keep \(keep), trial \(trial)")
            }
            let (foreground, background) = (OKLab.from(red: 200, green: 40, blue: 90), OKLab.from(red: 10, green: 90, blue: 30))
            func cost(_ side: SIMD4<Float>, _ color: SIMD3<Float>) -> Float {
                -2 * (color * SIMD3(side.x, side.y, side.z)).sum() + (color * color).sum() * side.w
            }
            var expected = (shape: CellShape.subcells((1 << symbols.subcells) - 1), swapped: false, error: Float.infinity)
            for shape in shapes {
                let inside = lab(shape)
                let straight = cost(inside, foreground) + cost(total - inside, background)
                let swapped = cost(inside, background) + cost(total - inside, foreground)
                if straight < expected.error { expected = (shape, false, straight) }
                if swapped < expected.error { expected = (shape, true, swapped) }
            }
            let fit = fitter.best(total: total, foreground: foreground, background: background)
            #expect(fit.shape == expected.shape && fit.swapped == expected.swapped && fit.error == expected.error)
        }
    }
}

extension FastPathTests {
    /// The palette's four-at-a-time search against a loop over its colors, and its remembered
    /// answers (a direct-mapped table, whose slots collide) against searching afresh.
    @Test func paletteSearchMatchesTheLoop() {
        var random = SplitMix64(seed: 0x9A1E)
        for palette in [Palette.xterm256, Palette.ansi16] {
            func loop(_ lab: SIMD3<Float>) -> Int {
                var best = 0
                var bestDistance = Float.infinity
                for (position, color) in palette.colors.enumerated() {
                    let difference = color - lab
                    let distance = (difference * difference).sum()
                    if distance < bestDistance { (best, bestDistance) = (position, distance) }
                }
                return best
            }
            // Random colors, the entries themselves, and points halfway between two entries.
            var labs = (0..<3000).map { _ in
                OKLab.from(
                    red: .random(in: 0...255, using: &random), green: .random(in: 0...255, using: &random),
                    blue: .random(in: 0...255, using: &random))
            }
            labs += palette.colors
            labs += (0..<200).map { _ in
                (palette.colors.randomElement(using: &random)! + palette.colors.randomElement(using: &random)!) / 2
            }
            for lab in labs { #expect(palette.position(nearestTo: lab) == loop(lab), "\(lab)") }
            // More colors than slots, each asked for three times in a random order.
            let colors = (0..<6000).map { _ in
                (
                    UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                    UInt8.random(in: 0...255, using: &random)
                )
            }
            for (red, green, blue) in (colors + colors + colors).shuffled(using: &random) {
                let fresh = loop(OKLab.from(red: red, green: green, blue: blue))
                #expect(palette.color(ofIndex: palette.nearest(red: red, green: green, blue: blue)) == palette.colors[fresh])
            }
        }
    }
}
