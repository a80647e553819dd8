import Foundation
import LoupeImaging
import Testing

@testable import BlockArt

@Suite struct GraphicsEncoderTests {
    @Test func kittySendsThePNGInChunksOf4096() throws {
        let png = [UInt8](repeating: 7, count: 5000)  // 6,668 base64 characters: two chunks
        let text = GraphicsEncoder.kitty(png, columns: 24, rows: 12)
        let chunks = text.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
        #expect(chunks.count == 2)
        #expect(chunks[0].hasPrefix("\u{1B}_Ga=T,f=100,q=2,c=24,r=12,m=1;"))
        #expect(chunks[1].hasPrefix("\u{1B}_Gm=0;"))
        let payload = chunks.map { $0.split(separator: ";", maxSplits: 1)[1] }.joined()
        #expect(Data(base64Encoded: payload).map([UInt8].init) == png)
    }

    @Test func itermSendsOneInlineFile() {
        let text = GraphicsEncoder.iterm([1, 2, 3], columns: 8, rows: 4)
        #expect(text == "\u{1B}]1337;File=inline=1;size=3;width=8;height=4;preserveAspectRatio=1:AQID\u{07}")
    }

    @Test func sixelPaintsEachColorAndLeavesTransparencyAlone() throws {
        var image = Bitmap(width: 3, height: 6)
        for y in 0..<6 { image[0, y] = RGBA(255, 0, 0) }
        image[2, 0] = RGBA(0, 0, 255)
        let text = SixelEncoder.encode(image)
        #expect(text.hasPrefix("\u{1B}P0;1;0q\"1;1;3;6"))
        #expect(text.hasSuffix("-\u{1B}\\"))
        // The palette is the image's own two colors, exactly (no xterm cube rounding).
        let registers = Dictionary(
            uniqueKeysWithValues: text.matches(of: /#(\d+);2;(\d+);(\d+);(\d+)/).map {
                (String($0.output.2 + ";" + $0.output.3 + ";" + $0.output.4), String($0.output.1))
            })
        #expect(registers.count == 2)
        let red = try #require(registers["100;0;0"])
        let blue = try #require(registers["0;0;100"])
        // Red fills all six rows of column 0 (`~`), nothing else; blue only the top of column 2.
        #expect(text.contains("#\(red)~??"))
        #expect(text.contains("#\(blue)??@"))
    }

    @Test func sixelKeepsSkinTonesTheFixedPaletteLost() {
        // Rick's skin: the nearest xterm cube entry is a gray-ish 181; the adaptive palette keeps it.
        let skin = RGBA(232, 196, 170)
        let image = Bitmap(width: 12, height: 12, fill: skin)
        let palette = MedianCut.palette(for: image)
        #expect(palette == [SIMD3(232, 196, 170)])
        #expect(SixelEncoder.quantize(image, to: palette, dither: true).allSatisfy { $0 == 0 })
    }

    @Test func placementsReserveTheirRowsAndKeepTextBeside() throws {
        let image = Bitmap(width: 40, height: 40, fill: RGBA(200, 100, 50))
        let kitty = GraphicsPlacement(graphics: .kitty, cellSize: CellSize(width: 10, height: 20))
        let text = try kitty.beside(image, columns: 4, rows: 2, text: ["Rick", "Alive"], gap: 2)
        #expect(text.hasPrefix("\n\n\u{1B}[2A\r\u{1B}_Ga=T,f=100,q=2,c=4,r=2,C=1,"))
        #expect(text.hasSuffix("\u{1B}[6CRick\r\n\u{1B}[6CAlive\r\n"))
        // Sixel: scaled to the cells' pixels (4 x 10 by 2 x 20: 40 x 40), cursor saved and restored.
        let sixel = GraphicsPlacement(graphics: .sixel, cellSize: CellSize(width: 10, height: 20))
        let placed = try sixel.place(image, columns: 4, rows: 2)
        #expect(placed.hasPrefix("\u{1B}7\u{1B}P0;1;0q\"1;1;40;40") && placed.hasSuffix("\u{1B}8"))
        #expect(sixel.fit(Bitmap(width: 300, height: 300), columns: 8, rows: 4).width == 80)
        // A row of images: each moved to its column, then the cursor below them.
        let row = try kitty.row([(image, 0), (nil, 12), (image, 24)], columns: 4, rows: 2)
        #expect(row.components(separatedBy: "a=T").count == 3)
        #expect(row.contains("\r\u{1B}[24C\u{1B}_G") && row.hasSuffix("\u{1B}[2B\r"))
    }

    @Test func insideTmuxTheSequenceIsPassedThrough() {
        #expect(GraphicsEncoder.tmuxPassthrough("\u{1B}_Gm=0;\u{1B}\\") == "\u{1B}Ptmux;\u{1B}\u{1B}_Gm=0;\u{1B}\u{1B}\\\u{1B}\\")
    }
}
