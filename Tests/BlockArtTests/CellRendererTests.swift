import Foundation
import LoupeImaging
import TestSupport
import Testing
import LoupeToolbox

@testable import BlockArt

@Suite struct CellRendererTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    /// A fixture avatar as the search view asks for it: a 64 px circle for 8 columns.
    static func avatar() throws -> Bitmap {
        let bytes = try [UInt8](Data(contentsOf: TestData.fixtures.appendingPathComponent("avatars/1.jpeg")))
        return try Thumbnailer(circle: ImageProcessors.CircleThumbnail(size: 64)).thumbnail(bytes)
    }

    /// Escapes made visible, so a golden reads in any editor: ESC is written `␛`.
    static func visible(_ lines: [String]) -> String {
        lines.joined(separator: "\n").replacingOccurrences(of: "\u{1B}", with: "␛") + "\n"
    }

    func matchesGolden(_ name: String, _ lines: [String]) throws {
        let file = Self.goldens.appendingPathComponent("\(name).txt")
        let text = Self.visible(lines)
        if ProcessInfo.processInfo.environment["RICKDEX_RECORD_GOLDENS"] == "1" {
            // Recorded, not compared: a golden compared with itself cannot fail.
            try Data(text.utf8).write(to: file)
            Issue.record("\(name): golden recorded; run again without RICKDEX_RECORD_GOLDENS=1 to compare")
            return
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        #expect(text == golden, "\(name): set RICKDEX_RECORD_GOLDENS=1 to re-record after a deliberate change")
    }

    @Test(arguments: ColorMode.allCases)
    func theAvatarRendersAsItsGolden(mode: ColorMode) throws {
        let lines = CellRenderer(symbols: .sextant, mode: mode).render(try Self.avatar(), columns: 8, rows: 4)
        try matchesGolden("avatar-\(mode.rawValue)", lines)
    }

    /// One cell at the size `symbols` fits it (8 pixels wide, `fittedRows` tall), lit in `on`
    /// where `lit(x, y)`, else `off`: drawn at the size itself, so no resampling blurs an edge.
    static func cell(_ symbols: SymbolSet, on: RGBA, off: RGBA, lit: (Int, Int) -> Bool) -> Bitmap {
        var image = Bitmap(width: 8, height: symbols.fittedRows)
        for y in 0..<image.height { for x in 0..<8 { image[x, y] = lit(x, y) ? on : off } }
        return image
    }

    @Test func anExactSplitIsDrawnExactlyInEverySet() {
        let red = RGBA(255, 0, 0)
        let blue = RGBA(0, 0, 255)
        let white = RGBA(255, 255, 255)
        let black = RGBA(0, 0, 0)
        // Top half red, bottom half blue: ▀ for the half and quadrant sets.
        for set in [SymbolSet.half, .quadrant] {
            let across = Self.cell(set, on: red, off: blue) { _, y in y < 4 }
            #expect(
                CellRenderer(symbols: set, mode: .truecolor).render(across, columns: 1, rows: 1)
                    == ["\u{1B}[38;2;255;0;0;48;2;0;0;255m▀\u{1B}[0m"], "\(set)")
        }
        // Left half: ▌ (half blocks split down too, as chafa's do).
        let down = Self.cell(.half, on: red, off: blue) { x, _ in x < 4 }
        #expect(CellRenderer(symbols: .half, mode: .truecolor).render(down, columns: 1, rows: 1)[0].contains("▌"))
        // Sextants 1, 3 and 6 lit (rows 0-4, 5-10, 11-15 of 16): BLOCK SEXTANT-136, U+1FB23.
        let sextant = Self.cell(.sextant, on: white, off: black) { x, y in
            (x < 4 && y < 11) || (x >= 4 && y >= 11)
        }
        #expect(
            CellRenderer(symbols: .sextant, mode: .truecolor).render(sextant, columns: 1, rows: 1)
                == ["\u{1B}[38;2;255;255;255;48;2;0;0;0m\u{1FB23}\u{1B}[0m"])
        // Octants 2 to 8 lit: the background takes octant 1 (sub-cell 0 is always foreground).
        let octant = Self.cell(.octant, on: white, off: black) { x, y in x >= 4 || y >= 2 }
        #expect(
            CellRenderer(symbols: .octant, mode: .truecolor).render(octant, columns: 1, rows: 1)
                == ["\u{1B}[38;2;0;0;0;48;2;255;255;255m\u{1CEA8}\u{1B}[0m"])
    }

    @Test func eighthBlocksSplitWhereNoSubcellCan() {
        let skin = RGBA(230, 190, 160)
        let line = RGBA(40, 30, 30)
        // The bottom three eighths: ▃ in every set but half, whose nearest is ▄.
        for set in [SymbolSet.quadrant, .sextant, .octant] {
            let rows = set.fittedRows
            let lower = Self.cell(set, on: line, off: skin) { _, y in y >= rows - rows * 3 / 8 }
            #expect(
                CellRenderer(symbols: set, mode: .truecolor).render(lower, columns: 1, rows: 1)
                    == ["\u{1B}[38;2;40;30;30;48;2;230;190;160m▃\u{1B}[0m"], "\(set)")
            // The left eighth: ▏.
            let left = Self.cell(set, on: line, off: skin) { x, _ in x == 0 }
            #expect(
                CellRenderer(symbols: set, mode: .truecolor).render(left, columns: 1, rows: 1)
                    == ["\u{1B}[38;2;40;30;30;48;2;230;190;160m▏\u{1B}[0m"], "\(set)")
        }
        let lower = Self.cell(.half, on: line, off: skin) { _, y in y >= 5 }
        let half = CellRenderer(symbols: .half, mode: .truecolor).render(lower, columns: 1, rows: 1)[0]
        #expect(half.contains("▄") || half.contains("▀"), "the half split nearest to ▃")
    }

    @Test func glyphTablesFollowUnicodesNames() {
        #expect(SymbolSet.octant.glyph(0b0000_0100) == "\u{1CD00}")  // BLOCK OCTANT-3
        #expect(SymbolSet.octant.glyph(0b0000_0111) == "\u{1CD02}")  // BLOCK OCTANT-123
        #expect(SymbolSet.octant.glyph(0b1111_1110) == "\u{1CDE5}")  // BLOCK OCTANT-2345678
        #expect(SymbolSet.sextant.glyph(0b10_0101) == "\u{1FB23}")  // BLOCK SEXTANT-136
        for set in SymbolSet.allCases where set != .half {
            let glyphs = (0..<(1 << set.subcells)).map(set.glyph)
            #expect(Set(glyphs).count == glyphs.count, "\(set): every mask has its own glyph")
        }
        #expect(SymbolSet.half < .quadrant && SymbolSet.quadrant < .sextant && SymbolSet.sextant < .octant)
    }

    @Test(arguments: SymbolSet.allCases)
    func theFitIsTheLeastSquaresShape(symbols: SymbolSet) {
        let rows = symbols.fittedRows
        var fitter = CellFitter(symbols)
        var candidates: [CellFit] = []
        var sums = CellSums()
        let shapes =
            symbols.splits.map(CellShape.subcells)
            + (symbols.drawsEighths ? (1...7).flatMap { [CellShape.lower($0), .left($0)] } : [])
        // Seeded random blobs, so that some shapes fit well and ties are rare, the same every run.
        var random = SplitMix64(seed: 0xB10B)
        for _ in 0..<40 {
            var image = Bitmap(width: 8, height: rows)
            let colors = (0..<3).map { _ in
                RGBA(
                    .random(in: 0...255, using: &random), .random(in: 0...255, using: &random),
                    .random(in: 0...255, using: &random))
            }
            for y in 0..<rows {
                for x in 0..<8 { image[x, y] = colors[(x / 3 + y / 5 + Int.random(in: 0...1, using: &random)) % 3] }
            }
            let labs = (0..<rows).map { y in
                (0..<8).map { x in OKLab.from(red: image[x, y].red, green: image[x, y].green, blue: image[x, y].blue) }
            }
            // Brute force over the pixels: each shape with its sides' means.
            func error(_ shape: CellShape) -> Float {
                var sides = [SIMD3<Float>.zero, .zero]
                var counts: [Float] = [0, 0]
                for y in 0..<rows {
                    for x in 0..<8 {
                        let side = shape.covers(x: x, y: y, in: symbols) ? 0 : 1
                        sides[side] += labs[y][x]
                        counts[side] += 1
                    }
                }
                var total: Float = 0
                for y in 0..<rows {
                    for x in 0..<8 {
                        let side = shape.covers(x: x, y: y, in: symbols) ? 0 : 1
                        let difference = labs[y][x] - sides[side] / max(counts[side], 1)
                        total += (difference * difference).sum()
                    }
                }
                return total
            }
            let bruteForce = shapes.map(error).min() ?? .infinity
            Self.read(image, symbols: symbols, into: &sums)
            fitter.prepare(sums)
            fitter.best(total: sums.totalLab, into: &candidates)
            #expect(abs(error(candidates[0].shape) - bruteForce) < 1e-3, "\(symbols)")
        }
    }

    /// `image`, one cell (8 x `symbols.fittedRows` pixels), summed as the renderer sums it.
    static func read(_ image: Bitmap, symbols: SymbolSet, background: RGBA? = nil, into sums: inout CellSums) {
        let pixels = CellPixels(columns: 1, symbols: symbols, background: background)
        image.pixels.withUnsafeBufferPointer { bytes in
            for y in 0..<image.height {
                pixels.add(row: y, pixels: UnsafeBufferPointer(rebasing: bytes[(y * 32)..<(y * 32 + 32)]))
            }
        }
        pixels.read(column: 0, threshold: 0.5, into: &sums)
    }

    @Test func theTableCubeRootsMatchLibm() {
        var worst: Float = 0
        OKLab.withTables { linear, cubeRoots in
            for red in stride(from: 0, through: 255, by: 3) {
                for green in stride(from: 0, through: 255, by: 5) {
                    for blue in stride(from: 0, through: 255, by: 7) {
                        let (r, g, b) = (UInt8(red), UInt8(green), UInt8(blue))
                        let exact = OKLab.from(red: r, green: g, blue: b)
                        let fast = OKLab.from(red: r, green: g, blue: b, linear: linear, cubeRoots: cubeRoots)
                        let difference = exact - fast
                        worst = max(worst, abs(difference.x), abs(difference.y), abs(difference.z))
                    }
                }
            }
        }
        #expect(worst < 1e-5)
    }

    @Test func transparentPixelsPullNoColorWithoutABackground() {
        // A red cell whose left column is transparent: every sub-cell is still mostly opaque, and
        // the cell is plain red, not darkened towards the transparent pixels' black.
        var image = Bitmap(width: 8, height: 8, fill: RGBA(255, 0, 0))
        for y in 0..<8 { image[0, y] = RGBA(0, 0, 0, 0) }
        #expect(
            CellRenderer(symbols: .octant, mode: .truecolor).render(image, columns: 1, rows: 1)
                == ["\u{1B}[48;2;255;0;0m \u{1B}[0m"])
    }

    @Test func paletteModesFitTheirColorsToo() {
        // Skin and a dark line: both snap to palette entries, and the split survives.
        let cell = Self.cell(.octant, on: RGBA(40, 30, 30), off: RGBA(230, 190, 160)) { _, y in y < 2 }
        for mode in [ColorMode.palette256, .palette16] {
            let line = CellRenderer(symbols: .octant, mode: mode).render(cell, columns: 1, rows: 1)[0]
            #expect(!line.contains("38;2;") && !line.contains("48;2;"), "\(mode): palette codes only")
            #expect(line.contains("\u{1FB82}") || line.contains("\u{2586}"), "\(mode): an upper-quarter split")
        }
    }

    @Test func aKnownBackgroundIsBlendedAndAnEmptyCellLeftAlone() {
        // Left cell half covered in white, right cell transparent, on a known dark-blue background.
        var image = Bitmap(width: 16, height: 8)
        for y in 0..<8 { for x in 0..<8 { image[x, y] = RGBA(255, 255, 255, 128) } }
        let line = CellRenderer(symbols: .half, mode: .truecolor, background: RGBA(0, 0, 64))
            .render(image, columns: 2, rows: 1)[0]
        // 255 * 128/255 + 64 * 127/255 = 160 (blue); 128 for red and green.
        #expect(line.hasPrefix("\u{1B}[48;2;128;128;160m "))
        #expect(line.hasSuffix("\u{1B}[49m \u{1B}[0m"))
    }

    @Test func withoutABackgroundTheCirclesCornersStayTheTerminals() throws {
        for mode in [ColorMode.truecolor, .palette256, .palette16] {
            let lines = CellRenderer(symbols: .sextant, mode: mode).render(try Self.avatar(), columns: 8, rows: 4)
            // The corner cell's visible sub-cells are drawn on the terminal's own background.
            #expect(!lines[0].prefix { $0 != "m" }.contains("48;"), "\(mode): the corner sets no background")
            #expect(lines[0].contains("49m"), "\(mode): cells after the circle go back to the default background")
            #expect(!lines.joined().contains("48;2;0;0;0m"), "\(mode)")
            #expect(lines.allSatisfy { $0.hasSuffix("\u{1B}[0m") }, "every line ends with a reset")
        }
    }

    @Test func aColorIsSentOnlyWhenItChanges() {
        let flat = Bitmap(width: 48, height: 8, fill: RGBA(10, 20, 30))
        let line = CellRenderer(symbols: .quadrant, mode: .truecolor).render(flat, columns: 6, rows: 1)[0]
        #expect(line == "\u{1B}[48;2;10;20;30m      \u{1B}[0m")
    }

    @Test func withoutColorThereAreNoEscapes() throws {
        let lines = CellRenderer(symbols: .octant, mode: .none).render(try Self.avatar(), columns: 8, rows: 4)
        #expect(!lines.joined().contains("\u{1B}"))
        #expect(lines.count == 4 && lines.allSatisfy { $0.count == 8 })
        // A transparent cell is blank; a white one the densest shade.
        var image = Bitmap(width: 16, height: 8)
        for y in 0..<8 { for x in 8..<16 { image[x, y] = RGBA(255, 255, 255) } }
        #expect(CellRenderer(symbols: .quadrant, mode: .none).render(image, columns: 2, rows: 1) == [" @"])
    }

    @Test func palettesPickTheNearestColorByEye() {
        #expect(Palette.xterm256.nearest(red: 255, green: 0, blue: 0) == 196)
        #expect(Palette.xterm256.nearest(red: 128, green: 128, blue: 128) == 244)
        #expect(Palette.xterm256.nearest(red: 95, green: 135, blue: 175) == 67)
        #expect(Palette.xterm256.nearest(red: 0, green: 0, blue: 0) == 16)
        #expect(Palette.ansi16.nearest(red: 250, green: 10, blue: 10) == 9)
        #expect(Palette.ansi16.nearest(red: 120, green: 120, blue: 120) == 8)
        // A dark blue-gray: plain RGB distance would pick gray 238; by eye it is the cube's 60.
        #expect(Palette.xterm256.nearest(red: 80, green: 80, blue: 120) == 60)
    }
}
