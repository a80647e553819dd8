/// Turns the bytes a terminal sends in raw mode into keys: printable UTF-8, control characters,
/// and the CSI/SS3 sequences of arrows and page keys. A lone ESC is Escape.
struct KeyDecoder {
    /// Decodes one read's bytes. An escape sequence is expected whole within one read (terminals
    /// write them in one go); a trailing lone ESC is the Escape key.
    static func keys(in bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") || bytes[index + 1] == UInt8(ascii: "O") {
                    var end = index + 2
                    while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                    let body = String(decoding: bytes[(index + 2)..<min(end + 1, bytes.count)], as: UTF8.self)
                    switch body {
                    case "A": keys.append(.up)
                    case "B": keys.append(.down)
                    case "C": keys.append(.right)
                    case "D": keys.append(.left)
                    case "5~": keys.append(.pageUp)
                    case "6~": keys.append(.pageDown)
                    case let sgr where sgr.hasPrefix("<"):
                        if let event = MouseEvent(sgr: sgr) { keys.append(.mouse(event)) }
                    default: break  // other keys (F1, Home…) are not used
                    }
                    index = end + 1
                } else {
                    keys.append(.escape)
                    index += 1
                }
            case 0x03: keys.append(.interrupt); index += 1
            case 0x09: keys.append(.tab); index += 1
            case 0x0D, 0x0A: keys.append(.enter); index += 1
            case 0x15: keys.append(.clearLine); index += 1
            case 0x12: keys.append(.refresh); index += 1
            case 0x0E: keys.append(.pageDown); index += 1  // Ctrl-N
            case 0x10: keys.append(.pageUp); index += 1  // Ctrl-P
            case 0x7F, 0x08: keys.append(.backspace); index += 1
            case 0x00..<0x20: index += 1
            default:
                // One UTF-8 character.
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                let end = min(index + length, bytes.count)
                if let character = String(decoding: bytes[index..<end], as: UTF8.self).first, character != "\u{FFFD}" {
                    keys.append(.character(character))
                }
                index = end
            }
        }
        return keys
    }
}
