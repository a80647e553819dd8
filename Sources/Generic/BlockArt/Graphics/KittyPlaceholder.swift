import FoundationEssentials
import LoupeToolbox

/// An image shown through kitty's Unicode placeholders (kitty 0.28+): U+10EEEE a cell, its row and
/// column as marks (every cell all of them, so one redrawn alone names its place), the id as the
/// foreground color. One id is one size: a placement id needs the underline color, which tmux
/// drops without `usstyle`.
public struct KittyPlaceholder: Sendable, Hashable {
    /// Never 0.
    public let id: UInt32
    public let columns: Int
    public let rows: Int
    /// The id as a 24-bit color (`38;2`), else a 256-color index with the high byte as a third
    /// mark (tmux turns 24-bit color into the palette for a terminal without `RGB`).
    public let truecolor: Bool

    public init(id: UInt32, columns: Int, rows: Int, truecolor: Bool) {
        self.id = id
        self.columns = columns
        self.rows = rows
        self.truecolor = truecolor
    }

    /// A new id, unique in this process and unlikely to meet another's.
    public static func next(columns: Int, rows: Int, truecolor: Bool) -> KittyPlaceholder {
        KittyPlaceholder(id: nextID(truecolor: truecolor), columns: columns, rows: rows, truecolor: truecolor)
    }

    public func transmission(png: [UInt8]) -> String {
        GraphicsEncoder.kitty(png, columns: columns, rows: rows, id: Int(id), virtual: true)
    }

    public var deletion: String { "\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\" }

    /// The rows of text, `columns` cells each, ending with the default foreground color.
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

    static let cell: Unicode.Scalar = "\u{10EEEE}"

    /// A random start for each process, then one after another.
    private static let counter = Locked<UInt32?>(nil)

    /// In 24-bit color three bytes over 255; in the palette a low byte of 16–255 (tmux writes the
    /// first sixteen as `31`, `91`, not `38;5;N`) and a high byte of 1–255 (the third mark).
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
