import Foundation
import Imaging
import TestSupport
import Testing

@testable import BlockArt

@Suite struct HalfBlockRendererTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    /// 4x4: a red/green/blue/white checker of opaque pixels with transparent corners.
    static let small: Bitmap = {
        var image = Bitmap(width: 4, height: 4)
        let colours = [RGBA(255, 0, 0), RGBA(0, 255, 0), RGBA(0, 0, 255), RGBA(255, 255, 255)]
        for y in 0..<4 {
            for x in 0..<4 where !((x == 0 || x == 3) && (y == 0 || y == 3)) {
                image[x, y] = colours[(x + y) % 4]
            }
        }
        return image
    }()

    /// A fixture avatar as the search view draws it: an 8 px circle.
    static func avatar() throws -> Bitmap {
        let bytes = try [UInt8](Data(contentsOf: TestData.fixtures.appendingPathComponent("avatars/1.jpeg")))
        return try Thumbnailer(circle: ImageProcessors.Circle(size: 8)).thumbnail(bytes)
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
    func knownBitmapsRenderAsTheirGoldens(mode: ColorMode) throws {
        try matchesGolden("checker-\(mode.rawValue)", HalfBlockRenderer(mode: mode).render(Self.small))
        try matchesGolden("avatar-\(mode.rawValue)", HalfBlockRenderer(mode: mode).render(Self.avatar()))
    }

    @Test func truecolorLinesSpellOutEachCell() {
        let lines = HalfBlockRenderer(mode: .truecolor).render(Self.small)
        #expect(lines.count == 2)
        // Corner: top transparent, bottom green → a lower half block on the default background;
        // then only what changes: the background alone, both, and back to the default background.
        #expect(
            lines[0]
                == "\u{1B}[38;2;0;255;0m▄\u{1B}[48;2;0;0;255m▀\u{1B}[38;2;0;0;255;48;2;255;255;255m▀"
                + "\u{1B}[38;2;255;0;0;49m▄\u{1B}[0m")
    }

    @Test func theCirclesCornersKeepTheTerminalsBackground() throws {
        for mode in [ColorMode.truecolor, .palette256, .palette16] {
            let lines = HalfBlockRenderer(mode: mode).render(try Self.avatar())
            // The first cell of the top line is outside the circle: a plain space, no colour set.
            #expect(lines[0].hasPrefix(" "), "\(mode)")
            // Cells outside the circle after coloured ones go back to the default (49), never black.
            #expect(lines[0].contains("49m"), "\(mode)")
            #expect(!lines.joined().contains("48;2;0;0;0m"), "\(mode)")
            #expect(lines.allSatisfy { $0.hasSuffix("\u{1B}[0m") }, "every line ends with a reset")
        }
    }

    @Test func aColourIsSentOnlyWhenItChanges() {
        let flat = Bitmap(width: 6, height: 2, fill: RGBA(10, 20, 30))
        let line = HalfBlockRenderer(mode: .truecolor).render(flat)[0]
        #expect(line == "\u{1B}[38;2;10;20;30;48;2;10;20;30m▀▀▀▀▀▀\u{1B}[0m")
    }

    @Test func withoutColourThereAreNoEscapes() throws {
        let lines = HalfBlockRenderer(mode: .none).render(try Self.avatar())
        #expect(!lines.joined().contains("\u{1B}"))
        #expect(lines.count == 4)
        #expect(lines.allSatisfy { $0.count == 8 })
        #expect(lines[0].first == " ", "outside the circle is blank")
    }

    @Test func palettesPickTheNearestColourByEye() {
        #expect(Palette.xterm256.nearest(red: 255, green: 0, blue: 0) == 196)
        #expect(Palette.xterm256.nearest(red: 128, green: 128, blue: 128) == 244)
        #expect(Palette.xterm256.nearest(red: 95, green: 135, blue: 175) == 67)
        #expect(Palette.xterm256.nearest(red: 0, green: 0, blue: 0) == 16)
        #expect(Palette.ansi16.nearest(red: 250, green: 10, blue: 10) == 9)
        #expect(Palette.ansi16.nearest(red: 120, green: 120, blue: 120) == 8)
        // A dark blue-grey: plain RGB distance would pick grey 238; by eye it is the cube's 60.
        let slate = Palette.xterm256.nearest(red: 80, green: 80, blue: 120)
        #expect(slate == 60)
    }
}
