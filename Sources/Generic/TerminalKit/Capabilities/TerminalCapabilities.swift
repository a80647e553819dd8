import BlockArt
import FoundationEssentials
import LoupeImaging
import LoupeToolbox

/// What the terminal on standard output can show: from its answers, tmux's, else the environment.
public struct TerminalCapabilities: Sendable, Hashable {
    public var colorMode: ColorMode
    public var graphics: GraphicsProtocol
    public var columns: Int
    /// Inside tmux (or screen), which swallows graphics escapes unless they are passed through.
    public var multiplexed: Bool
    public var tmux: TmuxClient?
    /// Graphics escapes are wrapped for tmux's passthrough.
    public var passthrough: Bool
    /// kitty images are drawn as Unicode placeholders (text tmux redraws), not placed at the cursor.
    public var placeholders: Bool
    public var symbols: SymbolSet
    /// The terminal's background, when it said (OSC 11) or `COLORFGBG` did.
    public var background: RGBA?
    public var cellSize: CellSize?
    public var identity: TerminalIdentity?
    /// Where each value came from (`probe (kitty graphics query answered OK)`).
    public var origins: [Capability: CapabilityOrigin]

    public init(
        colorMode: ColorMode, graphics: GraphicsProtocol, columns: Int, multiplexed: Bool = false,
        tmux: TmuxClient? = nil, passthrough: Bool? = nil, placeholders: Bool = false, symbols: SymbolSet = .half,
        background: RGBA? = nil, cellSize: CellSize? = nil, identity: TerminalIdentity? = nil,
        origins: [Capability: CapabilityOrigin] = [:]
    ) {
        self.colorMode = colorMode
        self.graphics = graphics
        self.columns = columns
        self.multiplexed = multiplexed
        self.tmux = tmux
        self.passthrough = passthrough ?? (multiplexed && graphics != .blocks)
        self.placeholders = placeholders
        self.symbols = symbols
        self.background = background
        self.cellSize = cellSize
        self.identity = identity
        self.origins = origins
    }

    /// One cell in pixels: probed, else from the kernel's pixel fields, else 8x16.
    public var cellPixels: CellSize { cellSize ?? CellSize(width: 8, height: 16) }

    /// A placeholder's id may be a 24-bit color: tmux passes it on only when its client has `RGB`.
    public var placeholderTruecolor: Bool { tmux.map(\.carriesTruecolor) ?? (colorMode == .truecolor) }

    /// Each value with its origin: an explicit one wins, else the probe, tmux, then the
    /// environment. Auto graphics need a color terminal.
    public static func detect(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        isTerminal: Bool? = nil, color: Bool? = nil, colorMode: ColorMode? = nil,
        graphics: GraphicsProtocol? = nil, symbols: SymbolSet? = nil, probe: ProbeAnswers? = nil, tmux: TmuxClient? = nil,
        terminalColumns: Int? = currentColumns(), kernelCellSize: CellSize? = currentCellSize()
    ) -> TerminalCapabilities {
        // Long on purpose: one decision per value, in order, each noting its origin beside it;
        // split up, the origins would be threaded through every piece.
        var origins: [Capability: CapabilityOrigin] = [:]
        let isTerminal = isTerminal ?? TerminalDevice.standardOutput.isTerminal
        let term = environment["TERM"] ?? ""
        let multiplexed = isMultiplexed(environment: environment)
        let colorOn = color ?? (isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && term != "dumb")
        let mode = colorOn ? (colorMode ?? detectedMode(environment: environment, term: term)) : .none
        origins[.colorMode] =
            colorMode != nil && colorOn ? CapabilityOrigin(.option) : CapabilityOrigin(.environment, "COLORTERM, TERM, NO_COLOR")
        let columns = terminalColumns ?? environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 80

        let identity: TerminalIdentity?
        if !multiplexed, let answered = probe?.version.flatMap(TerminalIdentity.init(xtversion:)) {
            identity = answered
            origins[.identity] = CapabilityOrigin(.probe, "XTVERSION")
        } else if let tmux, let outer = tmux.outerIdentity {
            identity = outer
            origins[.identity] = CapabilityOrigin(.tmux, tmux.terminalType != nil ? "client_termtype" : "client_termname")
        } else {
            identity = TerminalIdentity(environment: environment)
            origins[.identity] = CapabilityOrigin(identity == nil ? .unknown : .environment)
        }

        var protocolChosen: GraphicsProtocol
        var route = TmuxRoute(passthrough: false, placeholders: false)
        if let graphics {
            protocolChosen = graphics
            origins[.graphics] = CapabilityOrigin(.option)
            if multiplexed { route = TmuxRoute.named(graphics, tmux: tmux, probe: probe) }
        } else if isTerminal, colorOn, !multiplexed {
            (protocolChosen, origins[.graphics]) = detectedGraphics(
                environment: environment, term: term, probe: probe, identity: identity)
        } else if isTerminal, colorOn, let tmux {
            (protocolChosen, route, origins[.graphics]) = TmuxRoute.detected(tmux: tmux, identity: identity, probe: probe)
        } else {
            protocolChosen = .blocks
            origins[.graphics] = CapabilityOrigin(
                .unknown,
                multiplexed ? "screen, or tmux that did not answer: blocks unless asked for graphics" : "not a color terminal")
        }

        let symbolSet: SymbolSet
        if let symbols {
            symbolSet = symbols
            origins[.symbols] = CapabilityOrigin(.option)
        } else if multiplexed {
            // tmux passes the symbols on to its client's terminal, which draws them.
            symbolSet = tmux == nil ? .half : SymbolSupport.richest(for: identity)
            origins[.symbols] =
                tmux == nil
                ? CapabilityOrigin(.unknown, "screen: half") : CapabilityOrigin(.table, "what the terminal tmux runs in draws")
        } else {
            symbolSet = SymbolSupport.richest(for: identity)
            origins[.symbols] = CapabilityOrigin(.table, "what this terminal draws")
        }

        var background: RGBA?
        if let answered = probe?.background {
            background = answered
            origins[.background] = CapabilityOrigin(.probe, "OSC 11")
        } else if let fgbg = environment["COLORFGBG"], let given = backgroundFrom(colorfgbg: fgbg) {
            background = given
            origins[.background] = CapabilityOrigin(.environment, "COLORFGBG")
        } else {
            origins[.background] = CapabilityOrigin(.unknown, "transparency left to the terminal")
        }

        var cellSize: CellSize?
        if let told = tmux?.cellSize {
            cellSize = told
            origins[.cellSize] = CapabilityOrigin(.tmux, "client_cell_width, client_cell_height")
        } else if let answered = probe?.cellSize {
            cellSize = answered
            origins[.cellSize] = CapabilityOrigin(.probe, "CSI 16 t")
        } else if let kernel = kernelCellSize {
            cellSize = kernel
            origins[.cellSize] = CapabilityOrigin(.kernel, "TIOCGWINSZ pixels")
        } else {
            origins[.cellSize] = CapabilityOrigin(.unknown, "8x16 assumed")
        }
        return TerminalCapabilities(
            colorMode: mode, graphics: protocolChosen, columns: columns, multiplexed: multiplexed, tmux: tmux,
            passthrough: multiplexed ? route.passthrough : false, placeholders: route.placeholders, symbols: symbolSet,
            background: background, cellSize: cellSize, identity: identity, origins: origins)
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

    private static func detectedGraphics(
        environment: [String: String], term: String, probe: ProbeAnswers?, identity: TerminalIdentity?
    ) -> (GraphicsProtocol, CapabilityOrigin) {
        if probe?.kittyGraphics == true { return (.kitty, CapabilityOrigin(.probe, "kitty graphics query answered OK")) }
        let program = environment["TERM_PROGRAM"] ?? ""
        if identity?.name == "iterm2" || environment["LC_TERMINAL"] == "iTerm2" {
            return (.iterm, CapabilityOrigin(.environment, "the terminal is iTerm2"))
        }
        if probe?.deviceAttributes?.contains(4) == true { return (.sixel, CapabilityOrigin(.probe, "DA1 lists sixel")) }
        if probe == nil {
            if term == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil || program == "ghostty" {
                return (.kitty, CapabilityOrigin(.environment, "TERM, KITTY_WINDOW_ID, TERM_PROGRAM"))
            }
            if program == "WezTerm" { return (.iterm, CapabilityOrigin(.environment, "TERM_PROGRAM")) }
            if term.hasPrefix("foot") || term.hasPrefix("mlterm") || term == "yaft-256color" {
                return (.sixel, CapabilityOrigin(.environment, "TERM"))
            }
        }
        return (
            .blocks,
            probe == nil
                ? CapabilityOrigin(.environment, "no graphics announced") : CapabilityOrigin(.probe, "no graphics answered")
        )
    }

    /// Inside tmux or GNU screen (`$TMUX`, or a `TERM` of theirs), which answer the probe instead.
    public static func isMultiplexed(environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        return environment["TMUX"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen")
    }

    /// `COLORFGBG` is `fg;bg` (or `fg;default;bg`) in ANSI color numbers (rxvt, Konsole).
    static func backgroundFrom(colorfgbg: String) -> RGBA? {
        guard let last = colorfgbg.split(separator: ";").last, let index = Int(last), (0...15).contains(index) else {
            return nil
        }
        let (red, green, blue) = Palette.xtermColor(index)
        return RGBA(red, green, blue)
    }

    public static func currentSize() -> (columns: Int, rows: Int)? {
        TerminalDevice.standardOutput.windowSize().map { ($0.columns, $0.rows) }
    }

    public static func currentColumns() -> Int? { currentSize()?.columns }

    /// One cell in pixels from the kernel's pixel fields, which some terminals fill.
    public static func currentCellSize() -> CellSize? {
        guard let size = TerminalDevice.standardOutput.windowSize(), size.pixelWidth > 0, size.pixelHeight > 0 else {
            return nil
        }
        return CellSize(width: size.pixelWidth / size.columns, height: size.pixelHeight / size.rows)
    }
}
