/// Redraws only the lines that changed since the last frame.
struct ScreenPainter {
    private var previous: [String] = []
    /// The rows the last frame wrote (from 0).
    private(set) var repainted: Set<Int> = []

    /// Forget the last frame (after a resize): the next draws everything.
    mutating func invalidate() {
        previous = []
    }

    /// The bytes that turn the last frame into `lines`.
    mutating func frame(_ lines: [String]) -> String {
        var output = previous.isEmpty ? "\u{1B}[2J" : ""
        repainted = []
        for (row, line) in lines.enumerated() where row >= previous.count || previous[row] != line {
            output += "\u{1B}[\(row + 1);1H" + line + "\u{1B}[0m\u{1B}[K"
            repainted.insert(row)
        }
        previous = lines
        return output
    }
}
