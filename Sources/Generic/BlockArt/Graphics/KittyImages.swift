import LoupeImaging

/// Images a full-screen view keeps on a kitty terminal, each sent once under its own id. Outside
/// tmux, placed at the cursor: when the placements change, all are deleted and placed again.
/// Inside, as Unicode placeholders the view writes into its lines (`placeholder(for:)`), which
/// move as text. `clear()` deletes them all and frees their data.
public struct KittyImages: Sendable {
    public struct Placement: Sendable {
        /// The view's id for the picture: the same picture always has the same id.
        public var id: Int
        /// Zero-based, of the top-left cell.
        public var row: Int
        public var column: Int
        public var columns: Int
        public var rows: Int
        public var image: Bitmap

        public init(id: Int, row: Int, column: Int, columns: Int, rows: Int, image: Bitmap) {
            self.id = id
            self.row = row
            self.column = column
            self.columns = columns
            self.rows = rows
            self.image = image
        }

        fileprivate var key: [Int] { [id, row, column, columns, rows] }
        /// A picture at one size: a placeholder's virtual placement has one size.
        fileprivate var picture: [Int] { [id, columns, rows] }
    }

    private let placement: GraphicsPlacement
    private var sent: Set<Int> = []
    private var shown: [[Int]] = []
    /// With placeholders: each picture's placeholder, by `Placement.picture`.
    private var placeholders: [[Int]: KittyPlaceholder] = [:]

    public init(_ placement: GraphicsPlacement) {
        self.placement = GraphicsPlacement(
            graphics: .kitty, passthrough: placement.passthrough, placeholders: placement.placeholders,
            truecolor: placement.truecolor, cellSize: placement.cellSize)
    }

    /// Whether the view draws placeholder cells rather than leaving them blank for images.
    public var usesPlaceholders: Bool { placement.placeholders }

    /// The escapes that turn the screen into `placements`. The cursor is left wherever the last
    /// image went: draw text with absolute moves.
    public mutating func update(_ placements: [Placement]) throws -> String {
        if placement.placeholders { return try send(placements) }
        let keys = placements.map(\.key)
        guard keys != shown else { return "" }
        var output = wrap("\u{1B}_Ga=d,d=a,q=2\u{1B}\\")
        for wanted in placements {
            output += "\u{1B}[\(wanted.row + 1);\(wanted.column + 1)H"
            if sent.contains(wanted.id) {
                output += wrap("\u{1B}_Ga=p,i=\(wanted.id),q=2,c=\(wanted.columns),r=\(wanted.rows),C=1\u{1B}\\")
            } else {
                let png = try PNGEncoder.fastest.encode(
                    placement.boxed(wanted.image, columns: wanted.columns, rows: wanted.rows))
                output += wrap(
                    GraphicsEncoder.kitty(png, columns: wanted.columns, rows: wanted.rows, keepCursor: true, id: wanted.id))
                sent.insert(wanted.id)
            }
        }
        shown = keys
        return output
    }

    public func placeholder(for wanted: Placement) -> KittyPlaceholder? {
        placeholders[wanted.picture]
    }

    private mutating func send(_ placements: [Placement]) throws -> String {
        var output = ""
        for wanted in placements where placeholders[wanted.picture] == nil {
            let (placeholder, sent) = try placement.sendPlaceholder(wanted.image, columns: wanted.columns, rows: wanted.rows)
            output += sent
            placeholders[wanted.picture] = placeholder
        }
        return output
    }

    /// Forget what is on screen (it was cleared, which deletes kitty's placements too).
    public mutating func screenCleared() {
        shown = []
    }

    public mutating func clear() -> String {
        defer {
            sent = []
            shown = []
            placeholders = [:]
        }
        if placement.placeholders { return placeholders.values.map { wrap($0.deletion) }.joined() }
        return wrap("\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
    }

    private func wrap(_ text: String) -> String {
        placement.wrap(text)
    }
}
