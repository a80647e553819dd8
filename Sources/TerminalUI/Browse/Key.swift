/// A key press in the browser, decoded from the terminal's bytes.
///
/// Printable keys are `character`; everything that acts (moving, paging, copying, quitting) is a
/// named key or a Ctrl chord, so that where a search line is on screen every letter types, as in
/// fzf.
enum Key: Equatable, Sendable {
    case character(Character)
    /// Alt (Meta) with a printable key: ESC and the key together.
    case alt(Character)
    case backspace
    case enter
    case escape
    case tab
    /// Shift-Tab.
    case backTab
    case up
    case down
    case left
    case right
    case pageUp
    case pageDown
    case home
    case end
    /// F1 or Ctrl-/: the key help.
    case help
    /// Ctrl-C: quit.
    case interrupt
    /// Ctrl-D, or Ctrl-Q: quit.
    case endOfInput
    /// Ctrl-U: clear the search line.
    case clearLine
    /// Ctrl-W: delete the word before the cursor.
    case deleteWord
    /// Ctrl-R: refresh the page from the server.
    case refresh
    /// Ctrl-Y: copy the character's URL and summary.
    case copy
    /// Ctrl-G: the list as a grid of larger avatars, and back.
    case toggleGrid
    /// A click or wheel turn, with SGR mouse reporting on.
    case mouse(MouseEvent)
}
