import LoupeToolbox

/// Makes untrusted text safe to print on a terminal, and measures it in terminal columns: an escape
/// sequence in a name from the network prints as nothing, never clears the screen or writes the
/// clipboard (OSC 52).
public enum TerminalText {
    /// `text` without C0 controls (tab and newlines become a space), DEL, C1 controls, whole ESC
    /// sequences (with their strings up to the terminator) and bidirectional overrides.
    public static func sanitize(_ text: String) -> String {
        UntrustedText.stripped(text)
    }

    /// Columns `text` takes on a terminal: wide (East Asian, emoji) characters count 2, combining
    /// marks and zero-width characters 0.
    public static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// Ending in "…" when cut.
    public static func truncate(_ text: String, toColumns columns: Int) -> String {
        guard width(text) > columns else { return text }
        guard columns > 1 else { return columns == 1 ? "…" : "" }
        return prefix(text, columns: columns - 1, styled: false) + "…"
    }

    /// Like `truncate`, for text holding our own SGR color codes (`ESC [ … m`): they take no
    /// columns and are kept; a cut line ends with a reset.
    public static func truncateStyled(_ text: String, toColumns columns: Int) -> String {
        var inEscape = false
        let visible = text.unicodeScalars.reduce(0) { total, scalar in
            if inEscape || scalar == "\u{1B}" {
                inEscape = scalar != "m"
                return total
            }
            return total + width(of: scalar)
        }
        guard visible > columns else { return text }
        return prefix(text, columns: columns - 1, styled: true) + "…\u{1B}[0m"
    }

    /// The start of `text` that fits in `columns`; `styled`: SGR codes kept, taking none.
    private static func prefix(_ text: String, columns: Int, styled: Bool) -> String {
        var output = String.UnicodeScalarView()
        var used = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if styled, inEscape || scalar == "\u{1B}" {
                inEscape = scalar != "m"
                output.append(scalar)
                continue
            }
            used += width(of: scalar)
            if used > columns { break }
            output.append(scalar)
        }
        return String(output)
    }

    /// Not cut.
    public static func pad(_ text: String, toColumns columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - width(text)))
    }

    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        switch value {
        case 0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x0610...0x061A, 0x064B...0x065F,
            0x200B...0x200F, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xE0100...0xE01EF:
            return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD,
            0x30000...0x3FFFD:
            return 2
        default:
            if PlaceholderDiacritics.contains(scalar) { return 0 }
            return value < 0x20 || (0x7F..<0xA0).contains(value) ? 0 : 1
        }
    }
}
