/// What a cell's foreground covers: a pattern of sub-cells, or an eighth block (`▁` … `▇`,
/// `▏` … `▉`, Unicode 1.0), which splits at any eighth where sub-cells split at halves, thirds or
/// quarters (chafa's `block` class).
enum CellShape: Hashable, Sendable {
    /// Bit `n` set: sub-cell `n` shows the foreground.
    case subcells(Int)
    /// The bottom `eighths` (1...7) of the cell: `▁` … `▇`.
    case lower(Int)
    /// The left `eighths` (1...7) of the cell: `▏` … `▉`.
    case left(Int)

    func glyph(in symbols: SymbolSet) -> Unicode.Scalar {
        switch self {
        case .subcells(let mask): symbols.glyph(mask)
        case .lower(let eighths): Unicode.Scalar(0x2580 + UInt32(eighths)) ?? " "
        case .left(let eighths): Unicode.Scalar(0x2590 - UInt32(eighths)) ?? " "
        }
    }

    /// Whether the foreground covers the pixel at `x`, `y` of a cell `CellPixels.width` x
    /// `symbols.fittedRows` pixels, with sub-cells split at `symbols.bands`.
    func covers(x: Int, y: Int, in symbols: SymbolSet) -> Bool {
        switch self {
        case .subcells(let mask):
            let band = symbols.bands.lastIndex { $0 <= y } ?? 0
            return mask & (1 << (band * symbols.columnsPerCell + x * symbols.columnsPerCell / CellPixels.width)) != 0
        case .lower(let eighths): return y >= symbols.fittedRows - eighths * symbols.fittedRows / 8
        case .left(let eighths): return x < eighths * CellPixels.width / 8
        }
    }
}
