import TerminalKit

/// Turns the bytes a terminal sends in raw mode into keys, across reads: printable UTF-8, control
/// characters, Alt chords (ESC and a key together), and the CSI/SS3 sequences of special keys. A
/// sequence split across reads (as ssh may deliver it) is put back together; a lone ESC is Escape
/// only once the line has been quiet for `escapeTimeout`; the terminal's answers to queries,
/// however late, are dropped whole, never taken for keys.
struct KeyDecoder {
    /// How long input must be quiet after an ESC for it to be the Escape key, as vim's
    /// `ttimeoutlen`: a sequence's bytes come together, a person's keys do not.
    static let escapeTimeout = Duration.milliseconds(100)

    private var scanner = TerminalInputScanner()
    /// The terminal's answers read since `takeAnswers()` (for `TerminalProbe.heard`).
    private var answers: [UInt8] = []

    /// Whether bytes wait for more: the reader waits at most `escapeTimeout`, then calls `timeout()`.
    var isWaiting: Bool { scanner.isWaiting }

    mutating func keys(in bytes: some Sequence<UInt8>) -> [Key] {
        let tokens = scanner.scan(bytes)
        answers += tokens.filter(\.isAnswer).flatMap(\.bytes)
        return Self.keys(for: tokens)
    }

    mutating func takeAnswers() -> [UInt8] {
        defer { answers = [] }
        return answers
    }

    /// The line went quiet: a lone ESC is Escape; half a sequence is dropped.
    mutating func timeout() -> [Key] {
        Self.keys(for: scanner.timeout())
    }

    /// The keys of a whole buffer (a test's), as if the line went quiet after it.
    static func keys(in bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.keys(in: bytes) + decoder.timeout()
    }

    /// The keys of `tokens`: an ESC the scanner hands over with text right behind it (they came
    /// within the escape timeout) is Alt with that text's first character.
    private static func keys(for tokens: [TerminalInputScanner.Token]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < tokens.count {
            if case .escape = tokens[index], index + 1 < tokens.count, case .text(let bytes) = tokens[index + 1],
                let first = bytes.first, first >= 0x20
            {
                let typed = Self.keys(inText: bytes)
                if first == 0x7F {
                    keys += [.altBackspace] + typed.dropFirst()
                    index += 2
                    continue
                }
                if case .character(let character) = typed.first {
                    keys += [.alt(character)] + typed.dropFirst()
                    index += 2
                    continue
                }
            }
            keys += Self.keys(for: tokens[index])
            index += 1
        }
        return keys
    }

    private static func keys(for token: TerminalInputScanner.Token) -> [Key] {
        switch token {
        case .escape:
            return [.escape]
        case .text(let bytes):
            return keys(inText: bytes)
        case .sequence(_, let parameters, let final) where !token.isAnswer:
            return sequenceKey(String(decoding: parameters + [final], as: UTF8.self)).map { [$0] } ?? []
        case .sequence, .string:
            return []
        }
    }

    /// Arrows (Shift and Alt with ← → as fzf's word moves), page keys, Home and End (each in the
    /// forms xterm, the VT220 and rxvt send), Delete, F1…F12, Shift-Tab, and SGR mouse reports.
    private static func sequenceKey(_ body: String) -> Key? {
        switch body {
        case "A": .up
        case "B": .down
        case "C": .right
        case "D": .left
        case "1;2D", "1;3D": .alt("b")
        case "1;2C", "1;3C": .alt("f")
        case "3~": .delete
        case "5~": .pageUp
        case "6~": .pageDown
        case "H", "1~", "7~": .home
        case "F", "4~", "8~": .end
        case "P", "11~": .help
        case "Z": .backTab
        case "Q", "12~": .function(2)
        case "R", "13~": .function(3)
        case "S", "14~": .function(4)
        case let sgr where sgr.hasPrefix("<"): MouseEvent(sgr: sgr).map(Key.mouse)
        default:
            // F5…F12: CSI 15~, 17~…21~, 23~, 24~.
            [15: 5, 17: 6, 18: 7, 19: 8, 20: 9, 21: 10, 23: 11, 24: 12][Int(body.dropLast()) ?? 0]
                .flatMap { body.hasSuffix("~") ? Key.function($0) : nil }
        }
    }

    private static func keys(inText bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x09: keys.append(.tab)  // Ctrl-I
            case 0x0D: keys.append(.enter)  // Ctrl-M
            case 0x7F, 0x08: keys.append(.backspace)  // Ctrl-H
            case 0x1F: keys.append(.help)  // Ctrl-/
            case 0x01...0x1A: keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
            case 0x00..<0x20: break
            default:
                // One UTF-8 character.
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                let end = min(index + length, bytes.count)
                if let character = String(decoding: bytes[index..<end], as: UTF8.self).first, character != "\u{FFFD}" {
                    keys.append(.character(character))
                }
                index = end
                continue
            }
            index += 1
        }
        return keys
    }
}
