/// How images reach the screen: as colored text, or as pixels through a graphics protocol.
public enum GraphicsProtocol: String, Sendable, Hashable, CaseIterable {
    /// Half blocks in the chosen color mode: works everywhere.
    case blocks
    /// The kitty graphics protocol (kitty, WezTerm, Ghostty, Konsole).
    case kitty
    /// iTerm2's inline images (iTerm2, WezTerm, mintty).
    case iterm
    /// DEC sixel (foot, mlterm, xterm -ti vt340, WezTerm).
    case sixel
}
