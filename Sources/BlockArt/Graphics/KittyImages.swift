import Imaging

/// Images a full-screen view keeps on a kitty terminal: each sent once under its own id, then
/// only placed. When the placements change (the list scrolled, the screen changed), all are
/// deleted (`a=d`) and the new ones placed; `clear()` deletes them and frees their data, so none
/// are left when the view ends.
public struct KittyImages: Sendable {
    /// An image wanted at a cell of the screen.
    public struct Placement: Sendable {
        /// The kitty image id: the same picture always has the same id.
        public var id: Int
        /// Zero-based screen line and column of the top-left cell.
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
    }

    private let placement: GraphicsPlacement
    private var sent: Set<Int> = []
    private var shown: [[Int]] = []

    public init(cellSize: CellSize, multiplexed: Bool = false) {
        placement = GraphicsPlacement(graphics: .kitty, multiplexed: multiplexed, cellSize: cellSize)
    }

    /// The escapes that turn what is on screen into `placements`; empty when nothing changed.
    /// The cursor is left wherever the last image went: draw text with absolute moves.
    public mutating func update(_ placements: [Placement]) throws -> String {
        let keys = placements.map(\.key)
        guard keys != shown else { return "" }
        var output = Self.wrap("\u{1B}_Ga=d,d=a,q=2\u{1B}\\", multiplexed: placement.multiplexed)
        for wanted in placements {
            output += "\u{1B}[\(wanted.row + 1);\(wanted.column + 1)H"
            if sent.contains(wanted.id) {
                output += Self.wrap(
                    "\u{1B}_Ga=p,i=\(wanted.id),q=2,c=\(wanted.columns),r=\(wanted.rows),C=1\u{1B}\\",
                    multiplexed: placement.multiplexed)
            } else {
                let png = try PNGEncoder.fastest.encode(
                    placement.boxed(wanted.image, columns: wanted.columns, rows: wanted.rows))
                let text = GraphicsEncoder.kitty(png, columns: wanted.columns, rows: wanted.rows, keepCursor: true, id: wanted.id)
                output += Self.wrap(text, multiplexed: placement.multiplexed)
                sent.insert(wanted.id)
            }
        }
        shown = keys
        return output
    }

    /// Forget what is on screen (it was cleared, which deletes kitty's placements too).
    public mutating func screenCleared() {
        shown = []
    }

    /// Deletes every image and frees its data: for the view's end.
    public mutating func clear() -> String {
        sent = []
        shown = []
        return Self.wrap("\u{1B}_Ga=d,d=A,q=2\u{1B}\\", multiplexed: placement.multiplexed)
    }

    private static func wrap(_ text: String, multiplexed: Bool) -> String {
        multiplexed ? GraphicsEncoder.tmuxPassthrough(text) : text
    }
}
