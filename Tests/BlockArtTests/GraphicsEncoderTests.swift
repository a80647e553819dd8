import Foundation
import Imaging
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

    @Test func sixelPaintsEachColourAndLeavesTransparencyAlone() {
        var image = Bitmap(width: 3, height: 6)
        for y in 0..<6 { image[0, y] = RGBA(255, 0, 0) }
        image[2, 0] = RGBA(0, 0, 255)
        let text = SixelEncoder.encode(image)
        #expect(text.hasPrefix("\u{1B}P0;1;0q\"1;1;3;6"))
        #expect(text.hasSuffix("-\u{1B}\\"))
        #expect(text.contains("#196;2;100;0;0"))
        #expect(text.contains("#21;2;0;0;100"))
        // Red fills all six rows of column 0 (`~`), nothing else; blue only the top of column 2.
        #expect(text.contains("#196~??"))
        #expect(text.contains("#21??@"))
    }

    @Test func insideTmuxTheSequenceIsPassedThrough() {
        #expect(GraphicsEncoder.tmuxPassthrough("\u{1B}_Gm=0;\u{1B}\\") == "\u{1B}Ptmux;\u{1B}\u{1B}_Gm=0;\u{1B}\u{1B}\\\u{1B}\\")
    }
}
