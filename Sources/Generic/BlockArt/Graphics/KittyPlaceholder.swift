import FoundationEssentials
import LoupeToolbox

/// An image shown through kitty's Unicode placeholders (kitty 0.28 and later): sent once with a
/// virtual placement (`U=1`), then drawn as ordinary text, a cell of U+10EEEE for each of its
/// cells, carrying the cell's row and column as combining marks and the image id in the
/// foreground color. A multiplexer that knows nothing of graphics moves, scrolls and redraws
/// the cells as text, so the image survives tmux's redraws, splits and window switches.
///
/// Each cell carries all its marks (row, column, and the id's high byte), so a cell redrawn
/// alone (tmux repaints only what changed) still names its place. One id is one size: a
/// placement id would need the underline color, which tmux drops unless the outer terminal
/// declares `usstyle`.
public struct KittyPlaceholder: Sendable, Hashable {
    /// The kitty image id (never 0).
    public let id: UInt32
    public let columns: Int
    public let rows: Int
    /// The id is written as a 24-bit color (`38;2`), else as a 256-color index with the high
    /// byte as a third mark (for a path that turns 24-bit color into the palette, as tmux does
    /// when the outer terminal does not declare `RGB`).
    public let truecolor: Bool

    public init(id: UInt32, columns: Int, rows: Int, truecolor: Bool) {
        self.id = id
        self.columns = columns
        self.rows = rows
        self.truecolor = truecolor
    }

    /// A placeholder with a new id, unique in this process and unlikely to meet another's.
    public static func next(columns: Int, rows: Int, truecolor: Bool) -> KittyPlaceholder {
        KittyPlaceholder(id: nextID(truecolor: truecolor), columns: columns, rows: rows, truecolor: truecolor)
    }

    /// The escape that sends `png` under this id with a virtual placement of this size, quietly
    /// (`q=2`: no answer that could reach a program's input).
    public func transmission(png: [UInt8]) -> String {
        GraphicsEncoder.kitty(png, columns: columns, rows: rows, id: Int(id), virtual: true)
    }

    /// The escape that deletes the image and frees its data.
    public var deletion: String { "\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\" }

    /// The placeholder's rows of text, each `columns` cells wide and ending with the default
    /// foreground color.
    public var lines: [String] {
        let color =
            truecolor
            ? "\u{1B}[38;2;\(id >> 16 & 0xFF);\(id >> 8 & 0xFF);\(id & 0xFF)m" : "\u{1B}[38;5;\(id & 0xFF)m"
        let high = id >> 24
        return (0..<rows).map { row in
            var cells = String.UnicodeScalarView()
            for column in 0..<columns {
                cells.append(Self.cell)
                cells.append(PlaceholderDiacritics.mark(row))
                cells.append(PlaceholderDiacritics.mark(column))
                if high > 0 { cells.append(PlaceholderDiacritics.mark(Int(high))) }
            }
            return color + String(cells) + "\u{1B}[39m"
        }
    }

    /// The placeholder character.
    static let cell: Unicode.Scalar = "\u{10EEEE}"

    /// The ids handed out: a random start for each process, then one after another.
    private static let counter = Locked<UInt32?>(nil)

    /// In 24-bit color an id is three bytes over 255; in the palette, a low byte from 16 to 255
    /// (the color) and a high byte from 1 to 255 (the third mark). The first sixteen colors are
    /// left out: tmux writes them as the basic SGR colors (`31`, `91`), not as `38;5;N`.
    private static func nextID(truecolor: Bool) -> UInt32 {
        let count = counter.withLock { value in
            let current = value ?? UInt32.random(in: 0..<(1 << 20))
            value = current &+ 1
            return current
        }
        if truecolor { return 0x100 + count % (0xFF_FFFF - 0xFF) }
        let low = count % 240 + 16
        let high = (count / 240) % 255 + 1
        return high << 24 | low
    }
}
