import Foundation
import Testing

@testable import ContactSheet
@testable import LoupeImaging

@Suite struct ContactSheetTests {
    static let avatar = ImageProcessors.CircleThumbnail(size: 64, ring: RGBA(76, 196, 96)).process(
        Bitmap(width: 80, height: 80, fill: RGBA(40, 90, 200)))

    func entries(_ count: Int, name: String = "Rick Sanchez") -> [SheetEntry] {
        (0..<count).map { _ in
            SheetEntry(thumbnail: Self.avatar, title: name, lines: ["Alive · Human"], dot: RGBA(76, 196, 96))
        }
    }

    @Test func gridHasTheColumnsAndRowsAsked() {
        let sheet = SheetLayout(columns: 4, thumbnailSize: 64, title: "Rickdex")
        let bitmap = sheet.render(entries(10))
        #expect(bitmap.width == 4 * sheet.cellWidth + SheetLayout.padding)
        #expect(bitmap.height == SheetLayout.headerHeight + 3 * sheet.cellHeight(lines: 1) + SheetLayout.padding)
        // The first avatar's center is its picture; the corner of its cell is background.
        let centerX = SheetLayout.padding + (sheet.cellWidth - SheetLayout.padding) / 2
        #expect(bitmap[centerX, SheetLayout.headerHeight + 32] == RGBA(40, 90, 200))
        #expect(bitmap[SheetLayout.padding, SheetLayout.headerHeight] == SheetTheme.light.background)
    }

    @Test func themesSetTheBackground() {
        let light = SheetLayout(theme: .light, title: "x").render(entries(1))
        let dark = SheetLayout(theme: .dark, title: "x").render(entries(1))
        #expect(light[1, 1] == SheetTheme.light.background)
        #expect(dark[1, 1] == SheetTheme.dark.background)
    }

    @Test func textIsDrawnUnderEachAvatar() {
        let sheet = SheetLayout(columns: 1, title: "Rickdex")
        let bitmap = sheet.render(entries(1))
        let textTop = SheetLayout.headerHeight + 64 + 6
        var inked = 0
        for y in textTop..<(textTop + 12) {
            for x in 0..<bitmap.width where bitmap[x, y] != SheetTheme.light.background {
                inked += 1
            }
        }
        #expect(inked > 40, "the name's glyphs put ink under the avatar")
    }

    @Test func longNamesAreCutWithAnEllipsisInsideTheCell() {
        let long = "Abradolf Lincler the Seventeenth of the Interdimensional Cable"
        let sheet = SheetLayout(title: "x")
        let cut = BitmapFont.bold.truncate(long, toWidth: sheet.cellWidth - SheetLayout.padding)
        #expect(cut.hasSuffix("…"))
        #expect(BitmapFont.bold.width(of: cut) <= sheet.cellWidth - SheetLayout.padding)
        #expect(BitmapFont.bold.truncate("Rick", toWidth: 100) == "Rick")
    }

    @Test func aMissingAvatarIsAPlaceholderDisc() {
        let sheet = SheetLayout(columns: 1, title: "x")
        let bitmap = sheet.render([SheetEntry(thumbnail: nil, title: "Nobody", lines: [])])
        let centerX = SheetLayout.padding + (sheet.cellWidth - SheetLayout.padding) / 2
        #expect(bitmap[centerX, SheetLayout.headerHeight + 32] == SheetTheme.light.placeholder)
    }

    /// Names beyond ASCII, as the real service writes them, drawn with their own glyphs (not "?"),
    /// held to a golden sheet.
    @Test func namesBeyondASCIIDrawTheirOwnLetters() throws {
        let sheet = SheetLayout(columns: 2, title: "Rickdex")
        let names = ["Morty’s Lawyer", "Martínez"]
        let made = sheet.render(names.map { entries(1, name: $0)[0] })
        let asked = sheet.render(["Morty?s Lawyer", "Mart?nez"].map { entries(1, name: $0)[0] })
        #expect(made != asked, "’ and í are not drawn as ?")
        for face in [BitmapFont.regular, .bold, .title] {
            for scalar in "’íñéüØ“”–".unicodeScalars { #expect(face.glyphs[scalar] != nil, "missing \(scalar)") }
        }
        // A letter outside the atlas draws as the letter it is written on.
        var caron = Bitmap(width: 20, height: 20, fill: RGBA(255, 255, 255))
        var plain = caron
        caron.draw("ǎ", x: 2, baseline: 14, font: .regular, color: RGBA(0, 0, 0))
        plain.draw("a", x: 2, baseline: 14, font: .regular, color: RGBA(0, 0, 0))
        #expect(caron == plain)
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/sheet-names.png")
        if ProcessInfo.processInfo.environment["RICKDEX_RECORD_GOLDENS"] == "1" {
            // Recorded, not compared: a golden compared with itself cannot fail.
            try Data(try PNGEncoder(compressionLevel: 9).encode(made)).write(to: golden)
            Issue.record("sheet-names: golden recorded; run again without RICKDEX_RECORD_GOLDENS=1 to compare")
            return
        }
        let expected = try ImageDecoder().decode(Array(try Data(contentsOf: golden)))
        #expect(expected.width == made.width && expected.height == made.height)
        var largest = 0
        for y in 0..<min(made.height, expected.height) {
            for x in 0..<min(made.width, expected.width) {
                let (a, b) = (made[x, y], expected[x, y])
                let red: Int = abs(Int(a.red) - Int(b.red))
                let green: Int = abs(Int(a.green) - Int(b.green))
                let blue: Int = abs(Int(a.blue) - Int(b.blue))
                largest = max(largest, red, green, blue)
            }
        }
        #expect(largest <= 2, "set RICKDEX_RECORD_GOLDENS=1 to re-record after a deliberate change")
    }

    @Test func fontsHaveTheGlyphsTheSheetUses() {
        for scalar in "Rick Sanchez ● Alive · Human … 0123456789".unicodeScalars {
            #expect(BitmapFont.regular.glyphs[scalar] != nil, "missing \(scalar)")
        }
        #expect(BitmapFont.title.lineHeight > BitmapFont.regular.lineHeight)
    }
}
