import Foundation
import Imaging
import TestSupport
import Testing

@testable import BlockArt

@Suite struct CellRendererTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    /// A fixture avatar as the search view asks for it: a 32 px circle for 8 columns.
    static func avatar() throws -> Bitmap {
        let bytes = try [UInt8](Data(contentsOf: TestData.fixtures.appendingPathComponent("avatars/1.jpeg")))
        return try Thumbnailer(circle: ImageProcessors.Circle(size: 32)).thumbnail(bytes)
    }

    /// An image `pattern` (rows of "#" and ".") wide and tall, "#" in `on`, "." in `off`.
    static func image(_ pattern: [String], on: RGBA, off: RGBA) -> Bitmap {
        var image = Bitmap(width: pattern[0].count, height: pattern.count)
        for (y, row) in pattern.enumerated() {
            for (x, character) in row.enumerated() { image[x, y] = character == "#" ? on : off }
        }
        return image
    }

    /// Escapes made visible, so a golden reads in any editor: ESC is written `␛`.
    static func visible(_ lines: [String]) -> String {
        lines.joined(separator: "\n").replacingOccurrences(of: "\u{1B}", with: "␛") + "\n"
    }

    func matchesGolden(_ name: String, _ lines: [String]) throws {
        let file = Self.goldens.appendingPathComponent("\(name).txt")
        let text = Self.visible(lines)
        if ProcessInfo.processInfo.environment["RICKDEX_RECORD_GOLDENS"] == "1" {
            try Data(text.utf8).write(to: file)
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        #expect(text == golden, "\(name): set RICKDEX_RECORD_GOLDENS=1 to re-record after a deliberate change")
    }

    @Test(arguments: ColorMode.allCases)
    func theAvatarRendersAsItsGolden(mode: ColorMode) throws {
        let lines = CellRenderer(symbols: .sextant, mode: mode).render(try Self.avatar(), columns: 8, rows: 4)
        try matchesGolden("avatar-\(mode.rawValue)", lines)
    }

    @Test func anExactSplitIsDrawnExactlyInEverySet() {
        let red = RGBA(255, 0, 0)
        let blue = RGBA(0, 0, 255)
        // Top half red, bottom half blue: ▀ for the half and quadrant sets.
        let across = Self.image(["##", ".."], on: red, off: blue)
        let expected = "\u{1B}[38;2;255;0;0;48;2;0;0;255m▀\u{1B}[0m"
        #expect(CellRenderer(symbols: .half, mode: .truecolor).render(across, columns: 1, rows: 1) == [expected])
        #expect(CellRenderer(symbols: .quadrant, mode: .truecolor).render(across, columns: 1, rows: 1) == [expected])
        // Left half: ▌ (half blocks split down too, as chafa's do).
        let down = Self.image(["#.", "#."], on: red, off: blue)
        #expect(CellRenderer(symbols: .half, mode: .truecolor).render(down, columns: 1, rows: 1)[0].contains("▌"))
        // Sextants 1, 3 and 6 lit: BLOCK SEXTANT-136, U+1FB23.
        let sextant = Self.image(["#.", "#.", ".#"], on: RGBA(255, 255, 255), off: RGBA(0, 0, 0))
        #expect(
            CellRenderer(symbols: .sextant, mode: .truecolor).render(sextant, columns: 1, rows: 1)
                == ["\u{1B}[38;2;255;255;255;48;2;0;0;0m\u{1FB23}\u{1B}[0m"])
        // Octants 2 to 8 lit: the background takes octant 1 (sub-cell 0 is always foreground).
        let octant = Self.image([".#", "##", "##", "##"], on: RGBA(255, 255, 255), off: RGBA(0, 0, 0))
        #expect(
            CellRenderer(symbols: .octant, mode: .truecolor).render(octant, columns: 1, rows: 1)
                == ["\u{1B}[38;2;0;0;0;48;2;255;255;255m\u{1CEA8}\u{1B}[0m"])
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

    @Test func theFitIsTheLeastSquaresSplit() {
        var generator = SystemRandomNumberGenerator()
        var scratch = [SIMD3<Float>](repeating: .zero, count: 256)
        var candidates: [CellFit] = []
        for _ in 0..<200 {
            let samples = (0..<8).map { _ in
                SIMD3<Float>(Float.random(in: 0...1, using: &generator), .random(in: -0.3...0.3), .random(in: -0.3...0.3))
            }
            // Brute force: every mask, colours the means of their sides.
            var bruteForce = Float.infinity
            for mask in 0..<256 {
                var sides = [SIMD3<Float>.zero, .zero]
                var counts: [Float] = [0, 0]
                for (index, sample) in samples.enumerated() {
                    let side = mask & (1 << index) != 0 ? 0 : 1
                    sides[side] += sample
                    counts[side] += 1
                }
                var error: Float = 0
                for (index, sample) in samples.enumerated() {
                    let side = mask & (1 << index) != 0 ? 0 : 1
                    let difference = sample - sides[side] / counts[side]
                    error += (difference * difference).sum()
                }
                bruteForce = min(bruteForce, error)
            }
            samples.withUnsafeBufferPointer { samples in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    CellFit.best(samples, scratch: scratch, masks: SymbolSet.octant.splits, into: &candidates)
                }
            }
            #expect(abs(candidates[0].error - bruteForce) < 1e-3)
        }
    }

    @Test func paletteModesFitTheirColoursToo() {
        // Skin and a dark line: both snap to palette entries, and the split survives.
        let cell = Self.image(["##", "..", "..", ".."], on: RGBA(40, 30, 30), off: RGBA(230, 190, 160))
        for mode in [ColorMode.palette256, .palette16] {
            let line = CellRenderer(symbols: .octant, mode: mode).render(cell, columns: 1, rows: 1)[0]
            #expect(!line.contains("38;2;") && !line.contains("48;2;"), "\(mode): palette codes only")
            #expect(line.contains("\u{1FB82}") || line.contains("\u{2586}"), "\(mode): an upper-quarter split")
        }
    }

    @Test func aKnownBackgroundIsBlendedAndAnEmptyCellLeftAlone() {
        // Left cell half covered in white, right cell transparent, on a known dark-blue background.
        var image = Bitmap(width: 4, height: 2)
        for y in 0..<2 { for x in 0..<2 { image[x, y] = RGBA(255, 255, 255, 128) } }
        let line = CellRenderer(symbols: .half, mode: .truecolor, background: RGBA(0, 0, 64))
            .render(image, columns: 2, rows: 1)[0]
        // 255 * 128/255 + 64 * 127/255 = 160 (blue); 128 for red and green.
        #expect(line.hasPrefix("\u{1B}[48;2;128;128;160m "))
        #expect(line.hasSuffix("\u{1B}[49m \u{1B}[0m"))
    }

    @Test func withoutABackgroundTheCirclesCornersStayTheTerminals() throws {
        for mode in [ColorMode.truecolor, .palette256, .palette16] {
            let lines = CellRenderer(symbols: .sextant, mode: mode).render(try Self.avatar(), columns: 8, rows: 4)
            #expect(lines[0].hasPrefix(" "), "\(mode): the corner is a plain space")
            #expect(lines[0].contains("49m"), "\(mode): cells after the circle go back to the default background")
            #expect(!lines.joined().contains("48;2;0;0;0m"), "\(mode)")
            #expect(lines.allSatisfy { $0.hasSuffix("\u{1B}[0m") }, "every line ends with a reset")
        }
    }

    @Test func aColourIsSentOnlyWhenItChanges() {
        let flat = Bitmap(width: 12, height: 4, fill: RGBA(10, 20, 30))
        let line = CellRenderer(symbols: .quadrant, mode: .truecolor).render(flat, columns: 6, rows: 1)[0]
        #expect(line == "\u{1B}[48;2;10;20;30m      \u{1B}[0m")
    }

    @Test func withoutColourThereAreNoEscapes() throws {
        let lines = CellRenderer(symbols: .octant, mode: .none).render(try Self.avatar(), columns: 8, rows: 4)
        #expect(!lines.joined().contains("\u{1B}"))
        #expect(lines.count == 4 && lines.allSatisfy { $0.count == 8 })
        // A transparent cell is blank; a white one the densest shade.
        var image = Bitmap(width: 4, height: 4)
        for y in 0..<4 { for x in 2..<4 { image[x, y] = RGBA(255, 255, 255) } }
        #expect(CellRenderer(symbols: .quadrant, mode: .none).render(image, columns: 2, rows: 1) == [" @"])
    }

    @Test func palettesPickTheNearestColourByEye() {
        #expect(Palette.xterm256.nearest(red: 255, green: 0, blue: 0) == 196)
        #expect(Palette.xterm256.nearest(red: 128, green: 128, blue: 128) == 244)
        #expect(Palette.xterm256.nearest(red: 95, green: 135, blue: 175) == 67)
        #expect(Palette.xterm256.nearest(red: 0, green: 0, blue: 0) == 16)
        #expect(Palette.ansi16.nearest(red: 250, green: 10, blue: 10) == 9)
        #expect(Palette.ansi16.nearest(red: 120, green: 120, blue: 120) == 8)
        // A dark blue-grey: plain RGB distance would pick grey 238; by eye it is the cube's 60.
        #expect(Palette.xterm256.nearest(red: 80, green: 80, blue: 120) == 60)
    }
}
