import ArgumentParser
import BlockArt
import TerminalKit

/// `--grid COLS[xROWS]|auto`.
enum GridLayout: ExpressibleByArgument, Hashable {
    /// Boxes of `autoColumns`, as many a row as fit.
    case auto
    /// `columns` images a row; with `rows`, `rows` rows of images fill the terminal's height.
    case fixed(columns: Int, rows: Int?)

    static let autoColumns = 20

    init?(argument: String) {
        if argument == "auto" {
            self = .auto
            return
        }
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let columns = Int(parts[0]), (1...100).contains(columns) else { return nil }
        guard parts.count == 2 else {
            self = .fixed(columns: columns, rows: nil)
            return
        }
        guard let rows = Int(parts[1]), (1...100).contains(rows) else { return nil }
        self = .fixed(columns: columns, rows: rows)
    }

    /// The grid across `width` columns (2 between boxes) in a terminal of these capabilities.
    func grid(width: Int, capabilities: TerminalCapabilities) -> ImageGrid {
        let gap = 2
        switch self {
        case .auto:
            let columns = min(Self.autoColumns, width)
            return ImageGrid(capabilities: capabilities, columns: columns, perRow: max(1, (width + gap) / (columns + gap)))
        case .fixed(let perRow, let rows):
            let columns = max(1, (width - gap * (perRow - 1)) / perRow)
            let height = TerminalCapabilities.currentSize()?.rows ?? 24
            // A label line under each row of images.
            let maximum = rows.map { max(1, height / $0 - 1) }
            return ImageGrid(capabilities: capabilities, columns: columns, perRow: perRow, maximumRows: maximum)
        }
    }
}
