/// How many colors a terminal shows, and so which escape codes a rendering may use.
public enum ColorMode: String, Sendable, Hashable, CaseIterable {
    /// 24-bit `38;2;r;g;b`.
    case truecolor
    /// The xterm 256-color palette: its 6x6x6 cube and gray ramp (`38;5;n`).
    case palette256 = "256"
    /// The 16 ANSI colors (`30`–`37`, `90`–`97`).
    case palette16 = "16"
    /// No escapes at all: ASCII shades.
    case none
}
