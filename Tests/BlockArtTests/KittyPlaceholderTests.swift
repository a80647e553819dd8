import LoupeImaging
import Testing

@testable import BlockArt

/// kitty's Unicode placeholders: cells of U+10EEEE with row, column (and high byte) marks, the
/// id in the foreground color.
@Suite struct KittyPlaceholderTests {
    @Test func cellsCarryRowColumnAndTheIdsColor() {
        let placeholder = KittyPlaceholder(id: 0x12_3456, columns: 3, rows: 2, truecolor: true)
        let lines = placeholder.lines
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("\u{1B}[38;2;18;52;86m") && lines[0].hasSuffix("\u{1B}[39m"))
        // Row 1, column 2: U+030D (1) and U+030E (2), kitty's second and third marks.
        #expect(lines[1].unicodeScalars.map(\.value).contains([0x10EEEE, 0x030D, 0x030E]))
        #expect(lines[0].unicodeScalars.filter { $0.value == 0x10EEEE }.count == 3)
        #expect(TerminalText.width("\u{10EEEE}\u{030D}\u{030E}") == 1, "the marks take no column")
    }

    @Test func paletteIdsPutTheHighByteInAThirdMark() {
        let placeholder = KittyPlaceholder(id: 2 << 24 | 42, columns: 1, rows: 1, truecolor: false)
        let scalars = placeholder.lines[0].unicodeScalars.map(\.value)
        #expect(placeholder.lines[0].hasPrefix("\u{1B}[38;5;42m"))
        #expect(scalars.contains([0x10EEEE, 0x0305, 0x0305, 0x030E]), "row 0, column 0, high byte 2 (the spec's example)")
    }

    @Test func newIdsAreDistinctAndFitTheirColorMode() {
        let palette = (0..<600).map { _ in KittyPlaceholder.next(columns: 1, rows: 1, truecolor: false).id }
        #expect(Set(palette).count == 600)
        #expect(palette.allSatisfy { $0 & 0xFF != 0 && $0 >> 24 != 0 && $0 & 0xFF_FF00 == 0 })
        #expect(palette.allSatisfy { $0 & 0xFF >= 16 }, "tmux rewrites the first sixteen colors as basic SGR codes")
        let rgb = (0..<10).map { _ in KittyPlaceholder.next(columns: 1, rows: 1, truecolor: true).id }
        #expect(rgb.allSatisfy { $0 > 255 && $0 <= 0xFF_FFFF })
    }

    @Test func theImageIsSentWithAVirtualPlacementThenDrawnAsText() throws {
        let placement = GraphicsPlacement(
            graphics: .kitty, passthrough: true, placeholders: true, truecolor: false, cellSize: CellSize(width: 9, height: 18))
        let output = try placement.place(Bitmap(width: 36, height: 36, fill: RGBA(200, 100, 50)), columns: 4, rows: 2)
        #expect(output.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T,f=100,q=2,i="), "sent through tmux's passthrough")
        #expect(output.contains(",U=1,c=4,r=2"))
        #expect(output.contains("\u{1B}7\u{1B}[38;5;") && output.hasSuffix("\u{1B}[39m\u{1B}8"))
        #expect(output.contains("\u{1B}[39m\u{1B}[4D\u{1B}[1B\u{1B}[38;5;"), "each row under the last")
    }

    @Test func browseWritesPlaceholderCellsIntoItsLines() throws {
        var images = KittyImages(
            GraphicsPlacement(graphics: .kitty, placeholders: true, truecolor: true, cellSize: CellSize(width: 9, height: 18)))
        let wanted = KittyImages.Placement(
            id: 7, row: 2, column: 0, columns: 4, rows: 2, image: Bitmap(width: 36, height: 36, fill: RGBA(1, 2, 3)))
        let sent = try images.update([wanted])
        #expect(sent.contains(",U=1,c=4,r=2") && !sent.contains("Ptmux"))
        #expect(try images.update([wanted]) == "", "sent once")
        let placeholder = try #require(images.placeholder(for: wanted))
        var larger = wanted
        larger.columns = 8
        larger.rows = 4
        #expect(try images.update([larger]).contains(",U=1,c=8,r=4"), "another size is another image")
        #expect(images.placeholder(for: larger)?.id != placeholder.id)
        let cleared = images.clear()
        #expect(cleared.contains("a=d,d=I,i=\(placeholder.id),q=2"), "each image deleted with its data")
    }
}
