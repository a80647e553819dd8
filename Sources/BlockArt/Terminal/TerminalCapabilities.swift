import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the terminal on standard output can show, read from the environment the way chafa and
/// timg read it: colours from `COLORTERM` and `TERM`, graphics from the terminal's own variables,
/// width from the terminal itself.
public struct TerminalCapabilities: Sendable, Hashable {
    public var colorMode: ColorMode
    public var graphics: GraphicsProtocol
    /// Columns available; 80 when nothing says.
    public var columns: Int
    /// Inside tmux (or screen), which swallows graphics escapes unless they are passed through.
    public var multiplexed: Bool

    public init(colorMode: ColorMode, graphics: GraphicsProtocol, columns: Int, multiplexed: Bool = false) {
        self.colorMode = colorMode
        self.graphics = graphics
        self.columns = columns
        self.multiplexed = multiplexed
    }

    /// Detects the capabilities.
    ///
    /// - Parameters:
    ///   - color: `true` to force colour (`--color always`), `false` to refuse it, `nil` for auto:
    ///     colour only on a terminal, without `NO_COLOR`, with `TERM` not `dumb`.
    ///   - colorMode: an explicit mode (`--color-mode`), used whenever colour is on.
    ///   - graphics: an explicit protocol (`--graphics`), or `nil` for auto, which picks one only
    ///     on a terminal that announces it and never inside tmux.
    public static func detect(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        isTerminal: Bool = isatty(STDOUT_FILENO) == 1, color: Bool? = nil, colorMode: ColorMode? = nil,
        graphics: GraphicsProtocol? = nil, terminalColumns: Int? = currentColumns()
    ) -> TerminalCapabilities {
        let term = environment["TERM"] ?? ""
        let multiplexed = environment["TMUX"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen")
        let colourOn: Bool
        switch color {
        case .some(let forced):
            colourOn = forced
        case .none:
            colourOn = isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && term != "dumb"
        }
        let mode = colourOn ? (colorMode ?? detectedMode(environment: environment, term: term)) : .none
        let columns = terminalColumns ?? environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 80
        let protocolChosen: GraphicsProtocol
        if let graphics {
            protocolChosen = graphics
        } else if isTerminal, colourOn, !multiplexed {
            protocolChosen = detectedGraphics(environment: environment, term: term)
        } else {
            protocolChosen = .blocks
        }
        return TerminalCapabilities(colorMode: mode, graphics: protocolChosen, columns: columns, multiplexed: multiplexed)
    }

    private static func detectedMode(environment: [String: String], term: String) -> ColorMode {
        let colorterm = (environment["COLORTERM"] ?? "").lowercased()
        if colorterm == "truecolor" || colorterm == "24bit" { return .truecolor }
        let program = environment["TERM_PROGRAM"] ?? ""
        if term == "xterm-kitty" || term.contains("direct") || ["iTerm.app", "WezTerm", "vscode"].contains(program) {
            return .truecolor
        }
        if term.hasSuffix("256color") { return .palette256 }
        if term == "linux" || term.hasPrefix("vt") || term == "ansi" { return .palette16 }
        return term.hasPrefix("xterm") || term.hasPrefix("screen") || term.hasPrefix("tmux") ? .palette256 : .palette16
    }

    private static func detectedGraphics(environment: [String: String], term: String) -> GraphicsProtocol {
        let program = environment["TERM_PROGRAM"] ?? ""
        if term == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil || program == "ghostty" { return .kitty }
        if program == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2" || program == "WezTerm" { return .iterm }
        if term.hasPrefix("foot") || term.hasPrefix("mlterm") || term == "yaft-256color" { return .sixel }
        return .blocks
    }

    /// Columns and rows of the terminal on standard output, from the kernel (`TIOCGWINSZ`).
    public static func currentSize() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// The width of the terminal on standard output, from the kernel (`TIOCGWINSZ`).
    public static func currentColumns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
