/// Splits what a terminal sends into text, escape sequences and control strings, across reads:
/// answers told from keys. What cannot be decided yet waits for more bytes or for `timeout()`,
/// called when the line has been quiet for the escape timeout (as vim's `ttimeoutlen`).
public struct TerminalInputScanner: Sendable {
    public enum Token: Sendable, Hashable {
        /// Bytes with no ESC among them, cut only between whole UTF-8 characters.
        case text([UInt8])
        /// ESC alone within the escape timeout, or before a byte that starts no sequence (Alt-x).
        case escape
        /// `CSI parameters final` (`introducer` `[`) or `SS3 final` (`introducer` `O`).
        case sequence(introducer: UInt8, parameters: [UInt8], final: UInt8)
        /// A control string up to BEL or ST: DCS (`P`), OSC (`]`), APC (`_`), SOS (`X`), PM (`^`).
        /// `body` is `nil` when it was longer than `longestString`: dropped, not kept.
        case string(introducer: UInt8, body: [UInt8]?)

        /// Sent only in answer to a query: every control string; CSI ending in `c` (attributes), `t`
        /// (window), `R` (cursor), `n` (status), `u` (keyboard flags), `y` (modes).
        public var isAnswer: Bool {
            switch self {
            case .string: true
            case .sequence(let introducer, _, let final): introducer == UInt8(ascii: "[") && Self.answerFinals.contains(final)
            case .text, .escape: false
            }
        }

        private static let answerFinals = Array("ctRnuy".utf8)

        /// The bytes as they came (a string's end as ST): for giving type-ahead back.
        public var bytes: [UInt8] {
            switch self {
            case .text(let bytes): bytes
            case .escape: [0x1B]
            case .sequence(let introducer, let parameters, let final): [0x1B, introducer] + parameters + [final]
            case .string(let introducer, let body): [0x1B, introducer] + (body ?? []) + [0x1B, UInt8(ascii: "\\")]
            }
        }
    }

    /// The longest control string kept whole; past it the string is dropped up to its end.
    public static let longestString = 4096
    /// The longest CSI parameter run; past it the sequence is dropped up to its final byte.
    static let longestSequence = 64

    private static let escape: UInt8 = 0x1B
    private static let bell: UInt8 = 0x07
    private static let stringIntroducers = Array("P]_X^".utf8)

    private var pending: [UInt8] = []
    /// Inside an overlong sequence or string: everything is dropped up to its end.
    private var discarding: Discarding?

    private enum Discarding { case sequence, string }

    public init() {}

    public var isWaiting: Bool { !pending.isEmpty || discarding != nil }

    public mutating func scan(_ bytes: some Sequence<UInt8>) -> [Token] {
        pending.append(contentsOf: bytes)
        var tokens: [Token] = []
        var index = skipDiscarded(from: 0)
        while index < pending.count {
            guard let (token, next) = self.token(at: index) else { break }
            if let token { tokens.append(token) }
            index = skipDiscarded(from: next)
        }
        pending.removeFirst(min(index, pending.count))
        return tokens
    }

    /// The line went quiet: a lone ESC is the Escape key, anything else unfinished is dropped.
    public mutating func timeout() -> [Token] {
        defer {
            pending = []
            discarding = nil
        }
        return pending == [Self.escape] && discarding == nil ? [.escape] : []
    }

    /// While discarding: just past the overlong sequence or string's end, or past all pending.
    private mutating func skipDiscarded(from start: Int) -> Int {
        guard let mode = discarding else { return start }
        var index = start
        while index < pending.count {
            let byte = pending[index]
            switch mode {
            case .sequence where (0x40...0x7E).contains(byte):
                discarding = nil
                return index + 1
            case .string where byte == Self.bell:
                discarding = nil
                return index + 1
            case .string where byte == Self.escape:
                guard index + 1 < pending.count else { return index }
                discarding = nil
                return pending[index + 1] == UInt8(ascii: "\\") ? index + 2 : index
            default:
                index += 1
            }
        }
        return index
    }

    /// `nil`: incomplete; a `nil` token: dropped.
    private mutating func token(at index: Int) -> (Token?, Int)? {
        guard pending[index] == Self.escape else { return text(at: index) }
        guard index + 1 < pending.count else { return nil }
        let introducer = pending[index + 1]
        switch introducer {
        case UInt8(ascii: "["):
            return controlSequence(at: index + 2)
        case UInt8(ascii: "O"):
            guard index + 2 < pending.count else { return nil }
            let final = pending[index + 2]
            guard (0x40...0x7E).contains(final) else { return (.escape, index + 1) }
            return (.sequence(introducer: introducer, parameters: [], final: final), index + 3)
        case _ where Self.stringIntroducers.contains(introducer):
            return controlString(introducer, at: index + 2)
        case UInt8(ascii: "\\"):
            return (nil, index + 2)  // a stray string terminator
        default:
            return (.escape, index + 1)
        }
    }

    /// Plain bytes up to the next ESC, holding back a UTF-8 character cut at the end.
    private func text(at start: Int) -> (Token?, Int)? {
        var end = start
        while end < pending.count, pending[end] != Self.escape { end += 1 }
        if end == pending.count {
            end = Self.wholeCharacters(pending, from: start, to: end)
            guard end > start else { return nil }
        }
        return (.text(Array(pending[start..<end])), end)
    }

    /// Where the last whole UTF-8 character before `end` ends (a cut character is held back).
    private static func wholeCharacters(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var lead = end - 1
        while lead > start, lead > end - 4, (0x80...0xBF).contains(bytes[lead]) { lead -= 1 }
        guard lead >= start else { return end }
        let byte = bytes[lead]
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        return lead + length > end ? lead : end
    }

    /// Parameters and intermediates (0x20–0x3F), then a final byte (0x40–0x7E); else malformed, dropped.
    private mutating func controlSequence(at start: Int) -> (Token?, Int)? {
        var end = start
        while end < pending.count, (0x20...0x3F).contains(pending[end]) {
            end += 1
            if end - start > Self.longestSequence {
                discarding = .sequence
                return (nil, end)
            }
        }
        guard end < pending.count else { return nil }
        let final = pending[end]
        guard (0x40...0x7E).contains(final) else { return (nil, end) }
        return (.sequence(introducer: UInt8(ascii: "["), parameters: Array(pending[start..<end]), final: final), end + 1)
    }

    /// A control string's body up to BEL or ST; an ESC starting anything else ends it there.
    private mutating func controlString(_ introducer: UInt8, at start: Int) -> (Token?, Int)? {
        var end = start
        while end < pending.count {
            let byte = pending[end]
            if byte == Self.bell {
                return (.string(introducer: introducer, body: Array(pending[start..<end])), end + 1)
            }
            if byte == Self.escape {
                guard end + 1 < pending.count else { return nil }
                let terminated = pending[end + 1] == UInt8(ascii: "\\")
                return (.string(introducer: introducer, body: Array(pending[start..<end])), terminated ? end + 2 : end)
            }
            end += 1
            if end - start > Self.longestString {
                discarding = .string
                return (.string(introducer: introducer, body: nil), end)
            }
        }
        return nil
    }
}
