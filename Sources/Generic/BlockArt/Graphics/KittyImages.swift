import LoupeImaging

/// Images a full-screen view keeps on a kitty terminal: each sent once under its own id, then
/// only placed. Placed at the cursor (outside tmux): when the placements change (the list
/// scrolled, the screen changed), all are deleted (`a=d`) and the new ones placed. As Unicode
/// placeholders (inside tmux): each image is sent once with a virtual placement, and the view
/// writes its placeholder cells into its own lines (`placeholder(for:)`), so scrolling and
/// redrawing move them as text. `clear()` deletes them all and frees their data, so none are
/// left when the view ends.
public struct KittyImages: Sendable {
    /// An image wanted at a cell of the screen.
    public struct Placement: Sendable {
        /// The view's id for the picture: the same picture always has the same id.
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

    /// Whether the view draws placeholder cells (`placeholder(for:)`) rather than leaving the
    /// cells blank for images placed over them.
    public var usesPlaceholders: Bool { placement.placeholders }

    /// The escapes that turn what is on screen into `placements`; empty when nothing changed.
    /// The cursor is left wherever the last image went: draw text with absolute moves. With
    /// placeholders, only the pictures not sent yet are sent; the cells are the view's to write.
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

    /// With placeholders: the placeholder of a placement (`update` gives it its id).
    public func placeholder(for wanted: Placement) -> KittyPlaceholder? {
        placeholders[wanted.picture]
    }

    /// Sends each picture not sent yet, under a new id with a virtual placement of its size.
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

    /// Deletes every image and frees its data: for the view's end.
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
