import LoupeImaging
import Testing

import BlockArt
@testable import TerminalKit

@Suite struct TerminalProbeTests {
    static let kitty: [UInt8] = Array(
        ("\u{1B}P>|kitty(0.26.5)\u{1B}\\" + "\u{1B}_Gi=31;OK\u{1B}\\" + "\u{1B}]11;rgb:1e1e/1e1e/2e2e\u{1B}\\"
            + "\u{1B}[6;21;10t" + "\u{1B}[?62;c").utf8)

    @Test func everyAnswerIsRead() {
        let answers = ProbeAnswers.parse(Self.kitty)
        #expect(answers.version == "kitty(0.26.5)")
        #expect(answers.kittyGraphics)
        #expect(answers.background == RGBA(30, 30, 46))
        #expect(answers.cellSize == CellSize(width: 10, height: 21))
        #expect(answers.deviceAttributes == [62])
        #expect(answers.isComplete)
    }

    @Test func xtermsAnswersMeanSixel() {
        let answers = ProbeAnswers.parse(
            Array("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}]11;rgb:ffff/ffff/ffff\u{07}\u{1B}[?63;1;2;4;6;9;15;22c".utf8))
        #expect(answers.deviceAttributes?.contains(4) == true)
        #expect(answers.background == RGBA(255, 255, 255))
        #expect(TerminalIdentity(xtversion: answers.version ?? "") == TerminalIdentity(name: "xterm", version: "379"))
    }

    @Test func malformedOversizedAndCutAnswersAreIgnored() {
        let hostile = ProbeAnswers.parse(
            Array(
                ("\u{1B}]11;rgb:zz/00/00\u{1B}\\" + "\u{1B}P>|" + String(repeating: "A", count: 5000) + "\u{1B}\\"
                    + "\u{1B}_Gi=31;ENOTSUPPORTED\u{1B}\\" + "\u{1B}[6;0;99999t" + "\u{1B}[?6").utf8))
        #expect(hostile == ProbeAnswers(), "nothing is taken from broken answers")
        #expect(!hostile.isComplete)
        // Control characters inside a version never survive to be printed.
        let sneaky = ProbeAnswers.parse(Array("\u{1B}P>|evil\u{07}\u{1B}\\".utf8) + Array("\u{1B}P>|ok\u{9B}2J\u{1B}\\".utf8))
        #expect(sneaky.version.map { $0.unicodeScalars.allSatisfy { (0x20..<0x7F).contains($0.value) } } ?? true)
    }

    @Test(arguments: [
        ("kitty(0.26.5)", SymbolSet.sextant), ("kitty(0.41.1)", .octant), ("kitty(0.18.0)", .half),
        ("XTerm(379)", .quadrant), ("foot(1.20.2)", .octant), ("foot(1.16.2)", .half),
        ("WezTerm 20240203-110809-5046fc22", .sextant), ("tmux 3.3a", .half), ("mystery", .half),
    ])
    func autoTakesTheRichestSetTheTerminalDraws(version: String, expected: SymbolSet) {
        #expect(SymbolSupport.richest(for: TerminalIdentity(xtversion: version)) == expected)
    }

    @Test func theEnvironmentIsTheFallback() {
        #expect(SymbolSupport.richest(for: TerminalIdentity(environment: ["VTE_VERSION": "7802"])) == .octant)
        #expect(SymbolSupport.richest(for: TerminalIdentity(environment: ["TERM": "xterm-kitty"])) == .half, "no version")
        #expect(TerminalIdentity(environment: ["TERM": "xterm-256color"]) == nil)
    }

    @Test func detectionPrefersTheProbeAndSaysWhereFromAndTmuxStaysSafe() {
        let answers = ProbeAnswers.parse(Self.kitty)
        let environment = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
        let found = TerminalCapabilities.detect(
            environment: environment, isTerminal: true, probe: answers, terminalColumns: 100, kernelCellSize: nil)
        #expect(found.graphics == .kitty && found.symbols == .sextant)
        #expect(found.background == RGBA(30, 30, 46) && found.cellSize == CellSize(width: 10, height: 21))
        #expect(found.origins[.graphics]?.source == .probe)
        let inTmux = TerminalCapabilities.detect(
            environment: environment.merging(["TMUX": "/tmp/tmux-0/default,1,0"]) { $1 }, isTerminal: true,
            probe: answers, terminalColumns: 100, kernelCellSize: nil)
        #expect(inTmux.graphics == .blocks && inTmux.symbols == .half)
        let fromColorfgbg = TerminalCapabilities.detect(
            environment: ["TERM": "xterm", "COLORFGBG": "15;0"], isTerminal: true, terminalColumns: 80, kernelCellSize: nil)
        #expect(
            fromColorfgbg.background == RGBA(0, 0, 0)
                && fromColorfgbg.origins[.background] == CapabilityOrigin(.environment, "COLORFGBG"))
    }
}
