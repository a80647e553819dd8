/// The lines browse draws in with `--height`, below the cursor and without the alternate screen,
/// as fzf's light renderer does: room is made by scrolling near the bottom, and at the end the
/// lines are cleared and the cursor put back. The area's first line is remembered with DECSC and
/// every line drawn from there (DECRC, then down); only mouse reports need `top`.
struct InlineArea: Sendable, Equatable {
    let lines: Int
    /// The screen row (from 1) of the area's first line, when the terminal said where its cursor
    /// was (`CSI 6n`); `nil` when mouse reports cannot be placed.
    let top: Int?
    /// The cursor's column (from 1) as browse opened: past the first, the area starts on the
    /// next line and the cursor goes back to that column at the end.
    let column: Int

    /// An area of `lines` below the cursor at `cursor` (row and column from 1; `nil`: not known,
    /// taken as the start of a line) on a terminal `rows` high.
    init(lines: Int, cursor: (row: Int, column: Int)?, rows: Int) {
        self.lines = lines
        column = cursor?.column ?? 1
        top = cursor.map { cursor in
            // Making room scrolls what is there up when the area would pass the bottom.
            let first = cursor.row + (cursor.column > 1 ? 1 : 0)
            return max(1, min(first, rows - lines + 1))
        }
    }

    /// The bytes that make room: the rest of the screen cleared, as many new lines as the area
    /// needs, back up to the area's first line, which DECSC remembers.
    var opening: String {
        (column > 1 ? "\r\n" : "\r") + "\u{1B}[J" + String(repeating: "\n", count: lines - 1)
            + (lines > 1 ? "\u{1B}[\(lines - 1)A" : "") + "\r\u{1B}7"
    }

    /// The bytes that clear the area and put the cursor back where browse found it.
    var closing: String {
        "\u{1B}8\u{1B}[J" + (column > 1 ? "\u{1B}[A\u{1B}[\(column)G" : "")
    }

    /// The bytes that go to row `row` (from 0) of the area, at its start.
    static func moveTo(row: Int) -> String {
        "\u{1B}8" + (row > 0 ? "\u{1B}[\(row)B" : "")
    }

    static let cursorQuery = "\u{1B}[6n"

    /// The first cursor position report (`CSI row ; column R`) in `bytes`, and where it lies.
    static func cursorReport(in bytes: [UInt8]) -> (row: Int, column: Int, range: Range<Int>)? {
        var start = 0
        while start + 1 < bytes.count {
            defer { start += 1 }
            guard bytes[start] == 0x1B, bytes[start + 1] == UInt8(ascii: "[") else { continue }
            var numbers = [0]
            var index = start + 2
            while index < bytes.count, numbers.count <= 2 {
                let byte = bytes[index]
                if (0x30...0x39).contains(byte), numbers[numbers.count - 1] < 100_000 {
                    numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + Int(byte - 0x30)
                } else if byte == UInt8(ascii: ";") {
                    numbers.append(0)
                } else {
                    break
                }
                index += 1
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "R"), numbers.count == 2, numbers[0] > 0, numbers[1] > 0
            else { continue }
            return (numbers[0], numbers[1], start..<(index + 1))
        }
        return nil
    }
}
