import BlockArt

/// Which symbol sets each terminal is known to draw, and since which version: the evidence for
/// symbols chosen automatically. Terminals that draw block mosaics themselves (not from a font)
/// draw them whatever the font; an unknown terminal, or one behind tmux, gets `half`, which all draw.
///
/// | terminal | set | since | evidence |
/// | --- | --- | --- | --- |
/// | kitty | sextant | 0.19.3 | draws U+1FB00 itself (kovidgoyal/kitty#3106) |
/// | kitty | octant | 0.40 | draws U+1CD00 itself (notcurses and ratatui octant blitters) |
/// | foot | octant | 1.20 | draws sextants and octants itself |
/// | ghostty | octant | 1.2 | draws sextants and octants itself |
/// | VTE (GNOME Terminal, Tilix, …) | octant | 0.78 | draws sextants and octants itself |
/// | WezTerm | sextant | 20210814 | `custom_block_glyphs` draws sextants |
/// | Alacritty | sextant | 0.14 | built-in font draws sextants (alacritty/alacritty#7534) |
/// | xterm | quadrant | any | U+2596–U+259F are in the fonts xterm uses (not yet checked by screenshot) |
public enum SymbolSupport {
    /// Richest first within a terminal: the first entry whose version is met wins.
    static let table: [(terminal: String, minimum: [Int], symbols: SymbolSet)] = [
        ("kitty", [0, 40], .octant),
        ("kitty", [0, 19, 3], .sextant),
        ("foot", [1, 20], .octant),
        ("ghostty", [1, 2], .octant),
        ("vte", [0, 78], .octant),
        ("wezterm", [20_210_814], .sextant),
        ("alacritty", [0, 14], .sextant),
        ("xterm", [0], .quadrant),
    ]

    public static func richest(for identity: TerminalIdentity?) -> SymbolSet {
        guard let identity else { return .half }
        return table.first { $0.terminal == identity.name && identity.isAtLeast($0.minimum) }?.symbols ?? .half
    }
}
