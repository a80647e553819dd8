/// Builds a line of text with SGR color codes, sending a code only when a color changes.
struct EscapeWriter {
    private(set) var bytes: [UInt8] = []
    private var foreground = Ink.terminalDefault
    private var background = Ink.terminalDefault
    private var dirty = false

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Sets either color (`nil` leaves it as it is), writing one combined code for what changed.
    mutating func set(foreground newForeground: Ink?, background newBackground: Ink?) {
        let changeForeground = newForeground.map { $0 != foreground } ?? false
        let changeBackground = newBackground.map { $0 != background } ?? false
        guard changeForeground || changeBackground else { return }
        bytes.append(0x1B)
        bytes.append(UInt8(ascii: "["))
        if changeForeground, let newForeground {
            write(newForeground, isBackground: false)
            foreground = newForeground
        }
        if changeBackground, let newBackground {
            if changeForeground { bytes.append(UInt8(ascii: ";")) }
            write(newBackground, isBackground: true)
            background = newBackground
        }
        bytes.append(UInt8(ascii: "m"))
        dirty = true
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes += $0 }
    }

    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    mutating func append(scalar: Unicode.Scalar) {
        UTF8.encode(scalar) { bytes.append($0) }
    }

    /// Ends the line: a reset when any color was set, so nothing bleeds into what follows.
    mutating func endLine() {
        if dirty { append("\u{1B}[0m") }
        foreground = .terminalDefault
        background = .terminalDefault
        dirty = false
    }

    private mutating func write(_ ink: Ink, isBackground: Bool) {
        switch ink {
        case .terminalDefault:
            number(isBackground ? 49 : 39)
        case .rgb(let red, let green, let blue):
            append(isBackground ? "48;2;" : "38;2;")
            number(Int(red))
            bytes.append(UInt8(ascii: ";"))
            number(Int(green))
            bytes.append(UInt8(ascii: ";"))
            number(Int(blue))
        case .indexed(let index) where index < 16:
            // The 16 colors have short codes of their own, which 16-color terminals need.
            let base = index < 8 ? (isBackground ? 40 : 30) : (isBackground ? 100 : 90)
            number(base + Int(index % 8))
        case .indexed(let index):
            append(isBackground ? "48;5;" : "38;5;")
            number(Int(index))
        }
    }

    private mutating func number(_ value: Int) {
        let digits = Self.digits[value]
        for shift in stride(from: 0, to: Int(digits >> 24) * 8, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: digits >> shift))
        }
    }

    /// The decimal digits of 0...255, first digit in the low byte, their count in the high one.
    private static let digits: [UInt32] = (0...255).map { value in
        let text = Array(String(value).utf8)
        return text.reversed().reduce(UInt32(text.count) << 24) { $0 & 0xFF00_0000 | ($0 & 0xFF_FFFF) << 8 | UInt32($1) }
    }
}

enum Ink: Equatable, Sendable {
    /// The terminal's own foreground or background (`39` / `49`): what transparency shows.
    case terminalDefault
    case rgb(UInt8, UInt8, UInt8)
    case indexed(UInt8)
}
