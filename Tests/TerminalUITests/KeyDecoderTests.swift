import Testing

@testable import TerminalUI

/// Keys from a terminal at a distance: sequences split across reads, answers to the probe that
/// come late, and answers that are malformed or endless.
@Suite struct KeyDecoderTests {
    /// What a kitty sends back for the probe's queries, DA1 last.
    static let answers =
        "\u{1B}P>|kitty(0.26.5)\u{1B}\\" + "\u{1B}_Gi=31;OK\u{1B}\\" + "\u{1B}]11;rgb:1e1e/1e1e/2e2e\u{1B}\\"
        + "\u{1B}[6;21;10t" + "\u{1B}[?62;c"

    /// Decodes `bytes` fed in pieces cut at `cuts`, as reads would return them, then lets the line go quiet.
    static func keys(_ bytes: [UInt8], cutAt cuts: [Int]) -> [Key] {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        var start = 0
        for cut in cuts + [bytes.count] where cut >= start {
            keys += decoder.keys(in: bytes[start..<cut])
            start = cut
        }
        return keys + decoder.timeout()
    }

    @Test func lateAnswersAreDroppedWholeAndTheKeysAroundThemKept() {
        let bytes = Array(("r" + Self.answers + "i\u{1B}[B").utf8)
        #expect(KeyDecoder.keys(in: bytes) == [.character("r"), .character("i"), .down])
        // Cut anywhere, one byte at a time included: the same keys, and never Escape.
        for cut in 1..<bytes.count {
            #expect(Self.keys(bytes, cutAt: [cut]) == [.character("r"), .character("i"), .down], "cut at \(cut)")
        }
        #expect(Self.keys(bytes, cutAt: Array(1..<bytes.count)) == [.character("r"), .character("i"), .down])
    }

    @Test func theAnswersAreKeptForTheProbeWhoeverReadsThem() {
        var decoder = KeyDecoder()
        let bytes = Array(("r" + Self.answers + "i").utf8)
        // Split in two reads, inside an answer: the answers come out whole, the keys apart.
        let keys = decoder.keys(in: bytes[..<5]) + decoder.keys(in: bytes[5...])
        #expect(keys == [.character("r"), .character("i")])
        #expect(decoder.takeAnswers() == Array(Self.answers.utf8))
        #expect(decoder.takeAnswers().isEmpty, "taken once")
    }

    @Test(arguments: ["\u{1B}[A", "\u{1B}OB", "\u{1B}[6~", "\u{1B}[<0;8;7M", "ñ", "€"])
    func aKeySplitAcrossReadsIsPutBackTogether(_ key: String) {
        let bytes = Array(key.utf8)
        let whole = KeyDecoder.keys(in: bytes)
        #expect(whole.count == 1)
        #expect(Self.keys(bytes, cutAt: Array(1..<bytes.count)) == whole)
    }

    @Test(arguments: [
        ("\u{1B}[H", Key.home), ("\u{1B}OH", .home), ("\u{1B}[1~", .home), ("\u{1B}[F", .end), ("\u{1B}[4~", .end),
        ("\u{1B}OP", .help), ("\u{1B}[11~", .help), ("\u{1B}[Z", .backTab), ("\u{04}", .control("d")),
        ("\u{0E}", .control("n")), ("\u{10}", .control("p")), ("\u{17}", .control("w")), ("\u{19}", .control("y")),
        ("\u{07}", .control("g")), ("\u{0A}", .control("j")), ("\u{1B}[3~", .delete), ("\u{1B}[15~", .function(5)),
        ("\u{1B}OQ", .function(2)),
    ])
    func namedKeysAndChordsDecode(_ bytes: String, _ key: Key) {
        let sent = Array(bytes.utf8)
        #expect(KeyDecoder.keys(in: sent) == [key])
        #expect(Self.keys(sent, cutAt: Array(1..<max(1, sent.count))) == [key], "one byte a read")
    }

    @Test func aLoneEscapeWaitsForTheLineToGoQuiet() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(in: [0x1B]).isEmpty, "not yet: it may start a sequence")
        #expect(decoder.isWaiting)
        #expect(decoder.timeout() == [.escape])
        #expect(!decoder.isWaiting)
        // Escape then a letter within one read: Alt-x, and what follows types.
        #expect(decoder.keys(in: Array("\u{1B}xy".utf8)) == [.alt("x"), .character("y")])
        // Split across reads within the escape timeout: still Alt-x.
        #expect(decoder.keys(in: [0x1B]).isEmpty)
        #expect(decoder.keys(in: Array("x".utf8)) == [.alt("x")])
        // Half a sequence when the line goes quiet is dropped, not typed.
        #expect(decoder.keys(in: Array("\u{1B}[?62".utf8)).isEmpty)
        #expect(decoder.timeout().isEmpty)
        #expect(decoder.keys(in: Array("q".utf8)) == [.character("q")])
    }

    @Test func everyKindOfAnswerIsDropped() {
        let dropped = [
            "\u{1B}[?62;22c", "\u{1B}[>1;4000;15c", "\u{1B}[8;40;100t", "\u{1B}[?1u", "\u{1B}[12;40R", "\u{1B}[0n",
            "\u{1B}[?2026;2$y", "\u{1B}]11;rgb:0000/0000/0000\u{07}", "\u{1B}P1$r0m\u{1B}\\", "\u{1B}_Gi=31;ENOENT\u{1B}\\",
            "\u{1B}\\",
        ]
        for answer in dropped {
            #expect(KeyDecoder.keys(in: Array(("a" + answer + "b").utf8)) == [.character("a"), .character("b")], "\(answer)")
        }
    }

    @Test func anEndlessOrOversizedAnswerIsDroppedWithACapAndNothingEchoes() {
        var decoder = KeyDecoder()
        // A megabyte of DCS, in 4 KiB reads, then its end and a key.
        let body = [UInt8](repeating: UInt8(ascii: "A"), count: 1 << 20)
        var keys = decoder.keys(in: Array("\u{1B}P>|".utf8))
        for start in stride(from: 0, to: body.count, by: 4096) { keys += decoder.keys(in: body[start..<(start + 4096)]) }
        keys += decoder.keys(in: Array("\u{1B}\\q".utf8))
        #expect(keys == [.character("q")])
        // One that never ends: dropped until the line goes quiet, then keys are keys again.
        keys = decoder.keys(in: Array("\u{1B}]11;".utf8) + body.prefix(10_000))
        #expect(keys.isEmpty && decoder.isWaiting)
        #expect(decoder.timeout().isEmpty)
        #expect(decoder.keys(in: Array("q".utf8)) == [.character("q")])
        // An overlong CSI is dropped to its final byte.
        let csi = "\u{1B}[" + String(repeating: "1;", count: 500) + "c" + "x"
        #expect(KeyDecoder.keys(in: Array(csi.utf8)) == [.character("x")])
    }
}
