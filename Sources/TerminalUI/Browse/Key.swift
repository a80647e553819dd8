/// A key press in the browser, decoded from the terminal's bytes.
enum Key: Equatable, Sendable {
    case character(Character)
    case backspace
    case enter
    case escape
    case tab
    case up
    case down
    case left
    case right
    case pageUp
    case pageDown
    /// Ctrl-C: quit.
    case interrupt
    /// Ctrl-U: clear the search line.
    case clearLine
    /// Ctrl-R: refresh the page from the server.
    case refresh
    /// A click or wheel turn, with SGR mouse reporting on.
    case mouse(MouseEvent)
}
