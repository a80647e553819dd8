import Imaging

/// What a terminal said in answer to `TerminalProbe`'s queries, parsed from the raw input.
///
/// Anything malformed, unknown or oversized is skipped, never kept or echoed: the answers are
/// untrusted bytes like any other input.
public struct ProbeAnswers: Sendable, Hashable {
    /// Primary device attributes (DA1, `CSI ? … c`): `4` means sixel graphics.
    public var deviceAttributes: [Int]?
    /// The terminal's name and version (XTVERSION, `DCS > | text ST`), printable ASCII only.
    public var version: String?
    /// The kitty graphics query was answered `OK`.
    public var kittyGraphics = false
    /// The background colour (OSC 11).
    public var background: RGBA?
    /// One cell in pixels (`CSI 6 ; height ; width t`).
    public var cellSize: CellSize?

    public init() {}

    /// DA1 came back: every answer sent before it has arrived (terminals answer in order).
    public var isComplete: Bool { deviceAttributes != nil }

    /// The longest control string kept; a longer one is skipped as malformed.
    static let longest = 256

    /// Parses every answer in `bytes`; later answers of a kind replace earlier ones.
    public static func parse(_ bytes: [UInt8]) -> ProbeAnswers {
        var answers = ProbeAnswers()
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 1 < bytes.count else {
                index += 1
                continue
            }
            let introducer = bytes[index + 1]
            let body = index + 2
            switch introducer {
            case UInt8(ascii: "["):
                var end = body
                while end < bytes.count, end - body < 64, (0x20...0x3F).contains(bytes[end]) { end += 1 }
                guard end < bytes.count else { return answers }
                answers.readControlSequence(bytes[body..<end], final: bytes[end])
                index = end + 1
            case UInt8(ascii: "P"), UInt8(ascii: "]"), UInt8(ascii: "_"):
                guard let (end, next) = stringEnd(bytes, from: body) else { return answers }
                if end - body <= longest { answers.readString(introducer, Array(bytes[body..<end])) }
                index = next
            default:
                index += 1
            }
        }
        return answers
    }

    /// The end of a control string (BEL or ESC \) starting at `start`, and where the next byte is.
    private static func stringEnd(_ bytes: [UInt8], from start: Int) -> (end: Int, next: Int)? {
        var index = start
        while index < bytes.count {
            if bytes[index] == 0x07 { return (index, index + 1) }
            if bytes[index] == 0x1B {
                guard index + 1 < bytes.count else { return nil }
                return bytes[index + 1] == UInt8(ascii: "\\") ? (index, index + 2) : (index, index + 1)
            }
            index += 1
        }
        return nil
    }

    private mutating func readControlSequence(_ parameters: ArraySlice<UInt8>, final: UInt8) {
        let text = String(decoding: parameters, as: UTF8.self)
        if final == UInt8(ascii: "c"), text.hasPrefix("?") {
            deviceAttributes = text.dropFirst().split(separator: ";").compactMap { Int($0) }
        } else if final == UInt8(ascii: "t") {
            let numbers = text.split(separator: ";").compactMap { Int($0) }
            if numbers.count == 3, numbers[0] == 6, (1...512).contains(numbers[1]), (1...512).contains(numbers[2]) {
                cellSize = CellSize(width: numbers[2], height: numbers[1])
            }
        }
    }

    private mutating func readString(_ introducer: UInt8, _ body: [UInt8]) {
        let text = String(decoding: body, as: UTF8.self)
        switch introducer {
        case UInt8(ascii: "P") where text.hasPrefix(">|"):
            let name = text.dropFirst(2).unicodeScalars.filter { (0x20..<0x7F).contains($0.value) }
            if !name.isEmpty { version = String(String.UnicodeScalarView(name)) }
        case UInt8(ascii: "_") where text.hasPrefix("G"):
            if text.contains("i=31"), text.hasSuffix(";OK") { kittyGraphics = true }
        case UInt8(ascii: "]") where text.hasPrefix("11;"):
            background = Self.colour(text.dropFirst(3)) ?? background
        default:
            break
        }
    }

    /// `rgb:R/G/B` with 1–4 hex digits a component (XParseColor), or `#RRGGBB`.
    static func colour(_ text: Substring) -> RGBA? {
        if text.hasPrefix("#"), text.count == 7, let value = UInt32(text.dropFirst(), radix: 16) {
            return RGBA(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
        }
        let prefix = text.hasPrefix("rgba:") ? "rgba:" : "rgb:"
        guard text.hasPrefix(prefix) else { return nil }
        let parts = text.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return nil }
        var channels: [UInt8] = []
        for part in parts.prefix(3) {
            guard (1...4).contains(part.count), let value = UInt32(part, radix: 16) else { return nil }
            let maximum = (UInt32(1) << (4 * UInt32(part.count))) - 1
            channels.append(UInt8((value * 255 + maximum / 2) / maximum))
        }
        return RGBA(channels[0], channels[1], channels[2])
    }
}
