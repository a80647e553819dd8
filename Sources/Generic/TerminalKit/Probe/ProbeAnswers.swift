import BlockArt
import LoupeImaging

/// What a terminal said in answer to `TerminalProbe`'s queries, parsed from the raw input: anything
/// malformed, unknown or oversized is skipped, never kept or echoed.
public struct ProbeAnswers: Sendable, Hashable {
    /// Primary device attributes (DA1, `CSI ? … c`): `4` means sixel graphics.
    public var deviceAttributes: [Int]?
    /// XTVERSION (`DCS > | text ST`), printable ASCII only.
    public var version: String?
    /// The kitty graphics query was answered `OK`.
    public var kittyGraphics = false
    /// OSC 11.
    public var background: RGBA?
    /// `CSI 6 ; height ; width t`.
    public var cellSize: CellSize?

    public init() {}

    /// DA1 came back: every answer sent before it has arrived (terminals answer in order).
    public var isComplete: Bool { deviceAttributes != nil }

    static let longest = 256

    /// Every answer in `bytes` (a later one of a kind wins; one cut off at the end is left out).
    public static func parse(_ bytes: [UInt8]) -> ProbeAnswers {
        var answers = ProbeAnswers()
        var scanner = TerminalInputScanner()
        for token in scanner.scan(bytes) { answers.read(token) }
        return answers
    }

    public mutating func read(_ token: TerminalInputScanner.Token) {
        switch token {
        case .sequence(UInt8(ascii: "["), let parameters, let final):
            readControlSequence(parameters[...], final: final)
        case .string(let introducer, let body?) where body.count <= Self.longest:
            readString(introducer, body)
        default:
            break
        }
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
            background = Self.color(text.dropFirst(3)) ?? background
        default:
            break
        }
    }

    /// `rgb:R/G/B` with 1–4 hex digits a component (XParseColor), or `#RRGGBB`.
    static func color(_ text: Substring) -> RGBA? {
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

public struct ProbeResult: Sendable, Hashable {
    /// `nil` when the terminal said nothing in time.
    public var answers: ProbeAnswers?
    /// Read from `ProbeMemory`, not asked now.
    public var remembered: Bool
    public var roundTrip: Duration?

    public init(answers: ProbeAnswers?, remembered: Bool, roundTrip: Duration? = nil) {
        self.answers = answers
        self.remembered = remembered
        self.roundTrip = roundTrip
    }
}
