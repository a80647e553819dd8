import Testing

@testable import BlockArt

@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("Rick\u{1B}[2JSanchez", "RickSanchez"),
        ("Rick\u{1B}]52;c;cm0gLXJmIC8=\u{07}Sanchez", "RickSanchez"),
        ("Rick\u{1B}]52;c;cm0=\u{1B}\\Sanchez", "RickSanchez"),
        ("Ri\u{07}ck", "Rick"),
        ("Rick\u{9B}31mRed", "RickRed"),
        ("Rick\u{1B}cReset", "RickReset"),
        ("Rick\u{1B}[38;2;255;0;0mRed\u{1B}[0m", "RickRed"),
        ("Line\nbreak\tand tab", "Line break and tab"),
        ("abc\u{202E}fed", "abcfed"),
        ("Mr. Poopybutthole", "Mr. Poopybutthole"),
        ("Zeep Xanflorp 🛸 ジェリー", "Zeep Xanflorp 🛸 ジェリー"),
        ("\u{1B}P+q\u{1B}\\ok", "ok"),
        ("\u{1B}", ""),
    ])
    func sanitizeRemovesControlsAndEscapes(input: String, expected: String) {
        let clean = TerminalText.sanitize(input)
        #expect(clean == expected)
        #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func widthCountsTerminalColumns() {
        #expect(TerminalText.width("Rick") == 4)
        #expect(TerminalText.width("ジェリー") == 8)
        #expect(TerminalText.width("e\u{0301}") == 1)
        #expect(TerminalText.width("🛸") == 2)
    }

    @Test func truncateAndPadUseColumns() {
        #expect(TerminalText.truncate("Abradolf Lincler", toColumns: 8) == "Abradol…")
        #expect(TerminalText.truncate("Rick", toColumns: 4) == "Rick")
        #expect(TerminalText.truncate("ジェリー", toColumns: 5) == "ジェ…")
        #expect(TerminalText.pad("ジェ", toColumns: 6) == "ジェ  ")
    }
}
