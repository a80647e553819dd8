import BlockArt

extension TerminalText {
    /// Columns `text` takes on a terminal, not counting our own SGR codes (`ESC [ … m`).
    package static func styledWidth(_ text: String) -> Int {
        width(unstyled(text))
    }

    /// `text` without our own SGR codes.
    package static func unstyled(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        scan(text) { scalar, visible in if visible { output.append(scalar) } }
        return String(output)
    }

    /// Calls `body` with each scalar of `text` and whether it shows: not inside our SGR codes.
    private static func scan(_ text: String, _ body: (Unicode.Scalar, _ visible: Bool) -> Void) {
        var inEscape = false
        for scalar in text.unicodeScalars {
            let visible = !inEscape && scalar != "\u{1B}"
            if !visible { inEscape = inEscape ? scalar != "m" : true }
            body(scalar, visible)
        }
    }

    /// `text` broken at spaces into lines of at most `columns` columns (a longer word is cut), each
    /// after the first indented by `indent`. Our SGR codes take no columns and carry over a break.
    package static func wrapStyled(_ text: String, toColumns columns: Int, indent: Int = 0) -> [String] {
        let columns = max(1, columns)
        let indent = max(0, min(indent, columns - 1))
        let pieces = Piece.split(text)
        var lines: [String] = []
        var line = ""
        var used = 0
        var active = ""
        // Whether the line holds text past its indent: a word is cut only then.
        var started = false
        func breakLine() {
            lines.append(line + (active.isEmpty ? "" : "\u{1B}[0m"))
            line = String(repeating: " ", count: indent) + active
            used = indent
            started = false
        }
        for (index, piece) in pieces.enumerated() {
            if piece.isSpace {
                let next = index + 1 < pieces.count ? pieces[index + 1].width : 0
                if started, used + piece.width + next > columns {
                    // Spaces that end the text are dropped, not carried to a line of their own.
                    if index + 1 < pieces.count { breakLine() }
                } else {
                    line += piece.text
                    used += piece.width
                }
                continue
            }
            var escape: String?
            for scalar in piece.text.unicodeScalars {
                if var sequence = escape {
                    sequence.unicodeScalars.append(scalar)
                    escape = sequence
                    guard scalar == "m" else { continue }
                    line += sequence
                    active = sequence == "\u{1B}[0m" || sequence == "\u{1B}[m" ? "" : active + sequence
                    escape = nil
                    continue
                }
                if scalar == "\u{1B}" {
                    escape = "\u{1B}"
                    continue
                }
                let taken = Self.width(String(scalar))
                if started, taken > 0, used + taken > columns { breakLine() }
                line.unicodeScalars.append(scalar)
                used += taken
                if taken > 0 { started = true }
            }
            if let escape { line += escape }
        }
        lines.append(line)
        return lines
    }

    /// The column at which a `label  value` line's value starts (after the first run of two or
    /// more spaces that follows text), where its continuation lines up; else its leading spaces.
    package static func hangingIndent(of text: String) -> Int {
        let plain = Array(unstyled(text))
        let leading = plain.prefix { $0 == " " }.count
        var index = leading
        while index < plain.count {
            if plain[index] == " ", index + 1 < plain.count, plain[index + 1] == " " {
                let value = plain[index...].firstIndex { $0 != " " } ?? plain.count
                return value < plain.count ? width(String(plain[..<value])) : leading
            }
            index += 1
        }
        return leading
    }

    /// A run of spaces, or of anything else (our SGR codes included, at no width).
    private struct Piece {
        var text: String
        var width: Int
        var isSpace: Bool

        static func split(_ text: String) -> [Piece] {
            var pieces: [Piece] = []
            TerminalText.scan(text) { scalar, visible in
                let space = visible && scalar == " "
                if pieces.last?.isSpace != space { pieces.append(Piece(text: "", width: 0, isSpace: space)) }
                pieces[pieces.count - 1].text.unicodeScalars.append(scalar)
                if visible { pieces[pieces.count - 1].width += TerminalText.width(String(scalar)) }
            }
            return pieces
        }
    }
}
