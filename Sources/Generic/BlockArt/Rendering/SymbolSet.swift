/// The block symbols a cell may be drawn with: a grid of sub-cells, one character a pattern of lit
/// ones, in two colors. Sub-cells are numbered as Unicode names them (`BLOCK SEXTANT-1356`): bit
/// `n - 1` of a mask is sub-cell `n`. All but `half` draw the eighth blocks too (chafa's `block`).
public enum SymbolSet: String, Sendable, Hashable, CaseIterable, Comparable {
    /// `▀` `▄` `▌` `▐` (chafa's `half`): Unicode 1.0, drawn by every terminal.
    case half
    /// `▘` … `▟`: 2x2, in Block Elements since Unicode 1.0.
    case quadrant
    /// U+1FB00–U+1FB3B: 2x3 (Unicode 13), with `▌` `▐` for the four patterns they complete.
    case sextant
    /// U+1CD00–U+1CDE5: 2x4 (Unicode 16), with the block elements that complete the 256 patterns.
    case octant

    public var columnsPerCell: Int { 2 }

    public var rowsPerCell: Int {
        switch self {
        case .half, .quadrant: 2
        case .sextant: 3
        case .octant: 4
        }
    }

    public var subcells: Int { columnsPerCell * rowsPerCell }

    /// Pixel rows a cell is fitted at: 16 for sextants, whose thirds fall on whole pixels (5, 6, 5);
    /// 8 for the rest, whose splits fall on eighths (16's score in the benchmark, at half the work).
    var fittedRows: Int { self == .sextant ? 16 : 8 }

    /// Where each band of sub-cells starts, and `fittedRows`.
    var bands: [Int] {
        (0...rowsPerCell).map { Int((Float(fittedRows * $0) / Float(rowsPerCell)).rounded()) }
    }

    /// Whether the eighth blocks are drawn too: every set but `half`, which stays chafa's `half`.
    var drawsEighths: Bool { self != .half }

    /// The masks a cell may take, sub-cell 0 lit (the complement swaps colors); `nil`: every mask.
    public var masks: [Int]? {
        // ▀ (and ▄), ▌ (and ▐), one color.
        self == .half ? [0b1111, 0b0011, 0b0101] : nil
    }

    /// The splits the fitter tries, one color first, so a flat cell is drawn as a space.
    var splits: [Int] {
        masks ?? [(1 << subcells) - 1] + Array(stride(from: 1, to: (1 << subcells) - 1, by: 2))
    }

    public func glyph(_ mask: Int) -> Unicode.Scalar {
        switch self {
        case .half, .quadrant: Self.quadrants[mask]
        case .sextant: Self.sextants[mask]
        case .octant: Self.octants[mask]
        }
    }

    /// Richer sets draw more detail: `half < quadrant < sextant < octant`.
    public static func < (lhs: SymbolSet, rhs: SymbolSet) -> Bool {
        (lhs.masks?.count ?? 1 << lhs.subcells) < (rhs.masks?.count ?? 1 << rhs.subcells)
    }
}

/// Sextants and octants are in increasing mask order, skipping masks an older block element draws.
extension SymbolSet {
    static let quadrants: [Unicode.Scalar] = [
        " ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█",
    ]

    static let sextants: [Unicode.Scalar] = sequence(
        first: 0x1FB00, count: 64, existing: [0: " ", 0b010101: "▌", 0b101010: "▐", 0b111111: "█"])

    static let octants: [Unicode.Scalar] = sequence(
        first: 0x1CD00, count: 256,
        existing: [
            0: " ", 1: "\u{1CEA8}", 2: "\u{1CEAB}", 3: "\u{1FB82}", 5: "▘", 10: "▝", 15: "▀", 20: "\u{1FBE6}",
            40: "\u{1FBE7}", 63: "\u{1FB85}", 64: "\u{1CEA3}", 80: "▖", 85: "▌", 90: "▞", 95: "▛",
            128: "\u{1CEA0}", 160: "▗", 165: "▚", 170: "▐", 175: "▜", 192: "▂", 240: "▄", 245: "▙", 250: "▟",
            252: "▆", 255: "█",
        ])

    private static func sequence(first: UInt32, count: Int, existing: [Int: Unicode.Scalar]) -> [Unicode.Scalar] {
        var next = first
        return (0..<count).map { mask in
            if let known = existing[mask] { return known }
            defer { next += 1 }
            return Unicode.Scalar(next) ?? " "
        }
    }
}
