import BlockArt
import Foundation
import RickAndMortyAPI
import TerminalKit
import TestSupport
import Testing

@testable import TerminalUI

/// Text broken at spaces to the columns there are, styles carried over a break; and `show`'s
/// fields beside an avatar, or below it when the columns are too few.
@Suite struct TextWrapTests {
    @Test func linesBreakAtSpacesAndALongWordIsCut() {
        #expect(TerminalText.wrapStyled("one two three", toColumns: 7) == ["one two", "three"])
        #expect(TerminalText.wrapStyled("one two three", toColumns: 20) == ["one two three"])
        #expect(TerminalText.wrapStyled("abcdefghij", toColumns: 4) == ["abcd", "efgh", "ij"])
        #expect(
            TerminalText.wrapStyled("  Origin    Earth (Replacement Dimension)", toColumns: 30, indent: 12) == [
                "  Origin    Earth (Replacement", "            Dimension)",
            ])
        #expect(
            TerminalText.wrapStyled("  Origin    Earth (Replacement Dimension)", toColumns: 24, indent: 12) == [
                "  Origin    Earth", "            (Replacement", "            Dimension)",
            ])
        #expect(TerminalText.wrapStyled("trailing   ", toColumns: 8) == ["trailing"], "no line of spaces alone")
        #expect(TerminalText.wrapStyled("", toColumns: 8) == [""])
    }

    @Test func aStyleCarriesOverABreak() {
        let dim = "\u{1B}[2m"
        let reset = "\u{1B}[0m"
        let lines = TerminalText.wrapStyled("a \(dim)dim text here\(reset) end", toColumns: 8)
        #expect(lines == ["a \(dim)dim\(reset)", "\(dim)text\(reset)", "\(dim)here\(reset) end"])
        #expect(lines.allSatisfy { TerminalText.styledWidth($0) <= 8 })
    }

    @Test func aValueLinesUpUnderItself() {
        #expect(TerminalText.hangingIndent(of: "  \u{1B}[2mStatus   \u{1B}[0m ● Alive") == 12)
        #expect(TerminalText.hangingIndent(of: "Mr. Poopybutthole  #244") == 19)
        #expect(TerminalText.hangingIndent(of: "  plain words") == 2)
    }

    static let poopybutthole: [String] = [
        "", "Mr. Poopybutthole  #244", "  Status    Alive", "  Species   Poopybutthole", "  Type      —",
        "  Location  Earth (Replacement Dimension)", "  Created   Dec 30, 2017",
    ]

    func art(columns: Int) -> AvatarArt {
        AvatarArt(capabilities: TerminalCapabilities(colorMode: .none, graphics: .blocks, columns: columns))
    }

    /// `rickdex show 244` at 40 columns: 13 beside a 24-column avatar are too few, so the text
    /// goes below it, whole words a line.
    @Test func atFortyColumnsTheFieldsGoBelowTheAvatar() {
        let lines = art(columns: 40).beside(nil, columns: 24, text: Self.poopybutthole, gap: 3)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast()
        #expect(lines.count == 12 + Self.poopybutthole.count + 1)
        #expect(lines.prefix(12).allSatisfy { $0.allSatisfy { $0 == " " } }, "the avatar's box first")
        #expect(
            Array(lines.dropFirst(12)) == [
                "", "Mr. Poopybutthole  #244", "  Status    Alive", "  Species   Poopybutthole", "  Type      —",
                "  Location  Earth (Replacement", "            Dimension)", "  Created   Dec 30, 2017",
            ])
        #expect(lines.allSatisfy { TerminalText.width($0) <= 40 })
    }

    /// With room beside the avatar, a line too long for it is broken there, under its value.
    @Test func withRoomALongValueBreaksBesideTheAvatar() {
        let lines = art(columns: 60).beside(nil, columns: 24, text: Self.poopybutthole, gap: 3)
            .split(separator: "\n").map(String.init)
        let pad = String(repeating: " ", count: 27)
        #expect(lines.contains(pad + "  Location  Earth (Replacement"))
        #expect(lines.contains(pad + "            Dimension)"))
        #expect(lines.allSatisfy { TerminalText.width($0) <= 60 })
        // Where everything fits, nothing changes.
        let wide = art(columns: 100).beside(nil, columns: 24, text: Self.poopybutthole, gap: 3)
        #expect(wide.contains(pad + "  Location  Earth (Replacement Dimension)\n"))
    }
}
