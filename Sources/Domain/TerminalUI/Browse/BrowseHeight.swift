/// How many lines browse takes (fzf's `--height`): drawn inline below the cursor, the screen
/// above kept, instead of the whole alternate screen.
package struct BrowseHeight: Sendable, Equatable {
    /// Lines, or a percentage of the terminal's rows.
    package var size: Int
    package var percent: Bool

    /// The fewest lines browse draws in: the search line, the rule, the status line, one row.
    package static let fewestLines = 5
    /// fzf's `--min-height` default: the lowest a percentage goes.
    package static let defaultMinimum = 10

    package init(size: Int, percent: Bool) {
        self.size = size
        self.percent = percent
    }

    /// `N` or `N%` as fzf takes them (`--height 20`, `--height 40%`); `nil` for anything else.
    package init?(_ text: String) {
        let percent = text.hasSuffix("%")
        guard let size = Int(percent ? text.dropLast() : Substring(text)), size > 0, !percent || size <= 100 else {
            return nil
        }
        self.init(size: size, percent: percent)
    }

    /// 100%: the whole screen, as without `--height`.
    package var isWholeScreen: Bool { percent && size == 100 }

    /// The lines to draw in on a terminal `rows` high, as fzf sizes them: a percentage of the rows
    /// but at least `minimum`, or the lines given, within `fewestLines` and `rows`; `nil` for 100%.
    package func lines(terminalRows rows: Int, minimum: Int = defaultMinimum) -> Int? {
        if isWholeScreen { return nil }
        let asked = percent ? max(size * rows / 100, minimum) : size
        return min(rows, max(asked, Self.fewestLines))
    }
}
