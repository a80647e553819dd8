import LoupeImaging

/// Images side by side, `perRow` a row, in boxes `columns` cells wide with labels under them, as
/// cells or pixels (`GraphicsPlacement`), as chafa's and timg's `--grid` draw. `box(_:)` does each
/// image's work and may run on many at once; `row(_:labels:)` only joins boxes.
public struct ImageGrid: Sendable {
    public struct Box: Sendable {
        var rows: Int
        var lines: [String]?
        var image: Bitmap?
    }

    public var placement: GraphicsPlacement
    public var cells: CellRenderer
    public var columns: Int
    public var perRow: Int
    /// `nil`: as many as the image needs at `columns` wide.
    public var maximumRows: Int?
    public var gap = 2

    public init(placement: GraphicsPlacement, cells: CellRenderer, columns: Int, perRow: Int, maximumRows: Int? = nil) {
        self.placement = placement
        self.cells = cells
        self.columns = max(1, columns)
        self.perRow = max(1, perRow)
        self.maximumRows = maximumRows
    }

    /// At its own aspect, `columns` wide or, capped by `maximumRows`, narrower.
    public func box(_ image: Bitmap) -> Box {
        let height = rows(for: image)
        guard placement.graphics == .blocks else { return Box(rows: height, lines: nil, image: image) }
        let natural = CellRenderer.rows(for: image, columns: columns)
        let width = height < natural ? max(1, columns * height / natural) : columns
        let margin = String(repeating: " ", count: columns - width)
        return Box(rows: height, lines: cells.render(image, columns: width, rows: height).map { $0 + margin }, image: nil)
    }

    /// One row, `labels[i]` (sanitized, shortened) under `boxes[i]`, ending in a newline.
    public func row(_ boxes: [Box], labels: [String]?) -> String {
        let boxRows = boxes.map(\.rows).max() ?? 1
        let spacing = String(repeating: " ", count: gap)
        var output = ""
        let pixels = boxes.compactMap(\.image)
        if pixels.count == boxes.count,
            let placed = try? placement.row(
                pixels.enumerated().map { ($1, $0 * (columns + gap)) }, columns: columns, rows: boxRows)
        {
            output += placed
        } else {
            let blank = String(repeating: " ", count: columns)
            let lines = boxes.map { box in
                (box.lines ?? []) + Array(repeating: blank, count: boxRows - (box.lines?.count ?? 0))
            }
            for line in 0..<boxRows { output += lines.map { $0[line] }.joined(separator: spacing) + "\n" }
        }
        if let labels {
            output +=
                labels.prefix(boxes.count).map { label in
                    TerminalText.pad(TerminalText.truncate(TerminalText.sanitize(label), toColumns: columns), toColumns: columns)
                }.joined(separator: spacing) + "\n"
        }
        return output
    }

    func rows(for image: Bitmap) -> Int {
        let natural: Int
        if placement.graphics == .blocks {
            natural = CellRenderer.rows(for: image, columns: columns)
        } else {
            let cell = placement.cellSize
            let height = Double(image.height) * Double(columns * cell.width) / Double(max(1, image.width))
            natural = max(1, Int((height / Double(cell.height)).rounded(.up)))
        }
        return min(natural, maximumRows ?? natural)
    }
}
