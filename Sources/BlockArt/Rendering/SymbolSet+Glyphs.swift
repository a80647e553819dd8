/// The glyph of every mask of every set, built once from Unicode's ordering: sextants and
/// octants are assigned in increasing mask order, skipping the masks that an older block
/// element already draws.
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

    /// `count` glyphs: the `existing` ones at their masks, and code points from `first` on in
    /// order at every other mask.
    private static func sequence(first: UInt32, count: Int, existing: [Int: Unicode.Scalar]) -> [Unicode.Scalar] {
        var next = first
        return (0..<count).map { mask in
            if let known = existing[mask] { return known }
            defer { next += 1 }
            return Unicode.Scalar(next) ?? " "
        }
    }
}
