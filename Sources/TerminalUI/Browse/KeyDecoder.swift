import BlockArt

/// Turns the bytes a terminal sends in raw mode into keys, across reads: printable UTF-8, control
/// characters, and the CSI/SS3 sequences of arrows and page keys.
///
/// A sequence split across reads (as ssh may deliver it) is put back together; a lone ESC is the
/// Escape key only once the line has been quiet for `escapeTimeout` (the reader calls
/// `timeout()`); and the terminal's answers to queries (device attributes, reports, every
/// DCS/OSC/APC string), however late they come, are dropped whole, never taken for keys.
struct KeyDecoder {
    /// How long input must be quiet after an ESC for it to be the Escape key, as vim's
    /// `ttimeoutlen`: a sequence's bytes come together, a person's keys do not.
    static let escapeTimeout = Duration.milliseconds(100)

    private var scanner = TerminalInputScanner()
    /// The terminal's answers read since `takeAnswers()`, byte for byte (for `TerminalProbe.heard`).
    private var answers: [UInt8] = []

    /// Whether bytes wait for more: the reader waits at most `escapeTimeout`, then calls `timeout()`.
    var isWaiting: Bool { scanner.isWaiting }

    /// The keys that `bytes`, after what was waiting, complete.
    mutating func keys(in bytes: some Sequence<UInt8>) -> [Key] {
        let tokens = scanner.scan(bytes)
        answers += tokens.filter(\.isAnswer).flatMap(\.bytes)
        return tokens.flatMap(Self.keys(for:))
    }

    /// The answers read since the last call.
    mutating func takeAnswers() -> [UInt8] {
        defer { answers = [] }
        return answers
    }

    /// The line went quiet: a lone ESC is Escape; half a sequence is dropped.
    mutating func timeout() -> [Key] {
        scanner.timeout().flatMap(Self.keys(for:))
    }

    /// The keys of one decoded one-shot buffer (a test's or a whole read's), as if the line went
    /// quiet after it.
    static func keys(in bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.keys(in: bytes) + decoder.timeout()
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

    /// Arrows and page keys (CSI or SS3), and SGR mouse reports; other keys (F1, Home…) are not used.
    private static func sequenceKey(_ body: String) -> Key? {
        switch body {
        case "A": .up
        case "B": .down
        case "C": .right
        case "D": .left
        case "5~": .pageUp
        case "6~": .pageDown
        case let sgr where sgr.hasPrefix("<"): MouseEvent(sgr: sgr).map(Key.mouse)
        default: nil
        }
    }

    private static func keys(inText bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x03: keys.append(.interrupt)
            case 0x09: keys.append(.tab)
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x15: keys.append(.clearLine)
            case 0x12: keys.append(.refresh)
            case 0x0E: keys.append(.pageDown)  // Ctrl-N
            case 0x10: keys.append(.pageUp)  // Ctrl-P
            case 0x7F, 0x08: keys.append(.backspace)
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
