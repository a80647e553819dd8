import ArgumentParser
import BlockArt
import FoundationEssentials
import Toolbox

/// How images are drawn: colour mode, symbol set and graphics protocol, detected unless given.
struct DisplayOptions: ParsableArguments {
    @Option(
        name: .customLong("color-mode"),
        help: ArgumentHelp(
            "truecolor, 256, 16 or none.", discussion: "Default: from COLORTERM and TERM (none when colour is off).",
            valueName: "mode"))
    var colorMode: ColorMode?

    @Option(
        help: ArgumentHelp(
            "half, quadrant, sextant, octant or auto (default: $RICKDEX_SYMBOLS, else auto).",
            discussion: "auto: the richest set the terminal is known to draw (see `rickdex terminal`); half when unknown.",
            valueName: "set"))
    var symbols: SymbolChoice?

    @Option(help: "auto, kitty, iterm, sixel or blocks (auto: what the terminal answers or announces; blocks inside tmux).")
    var graphics: GraphicsChoice = .auto

    @Flag(help: "Do not ask the terminal what it can do (also RICKDEX_NO_PROBE=1); use the environment alone.")
    var noProbe = false

    func validate() throws {
        if symbols == nil, let value = Self.environment["RICKDEX_SYMBOLS"], !value.isEmpty, SymbolChoice(rawValue: value) == nil {
            throw ValidationError(
                "RICKDEX_SYMBOLS must be one of \(SymbolChoice.allCases.map(\.rawValue).joined(separator: ", ")), not '\(value)'")
        }
    }

    /// The terminal's capabilities under these options and `--color`; probes the terminal once
    /// a process when standard input and output are both a terminal.
    func capabilities(color: ColorChoice) -> TerminalCapabilities {
        let forced: Bool? =
            switch color {
            case .always: true
            case .never: false
            case .auto: nil
            }
        let choice = symbols ?? Self.environment["RICKDEX_SYMBOLS"].flatMap(SymbolChoice.init(rawValue:)) ?? .auto
        return TerminalCapabilities.detect(
            color: forced, colorMode: colorMode, graphics: graphics.chosen, symbols: choice.chosen,
            probe: shouldProbe ? TerminalProbe.answers() : nil)
    }

    /// Probing writes to the terminal and reads its answers: only on a terminal, never piped.
    var shouldProbe: Bool {
        !noProbe && Self.environment["RICKDEX_NO_PROBE"] != "1" && TerminalDevice.standardInput.isTerminal
            && TerminalDevice.standardOutput.isTerminal && Self.environment["TERM"] != "dumb"
    }

    private static var environment: [String: String] { ProcessInfo.processInfo.environment }
}

/// `--graphics`.
enum GraphicsChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, kitty, iterm, sixel, blocks

    var chosen: GraphicsProtocol? { self == .auto ? nil : GraphicsProtocol(rawValue: rawValue) }
}

/// `--symbols`.
enum SymbolChoice: String, ExpressibleByArgument, CaseIterable {
    case half, quadrant, sextant, octant, auto

    var chosen: SymbolSet? { SymbolSet(rawValue: rawValue) }
}

extension ColorMode: ExpressibleByArgument {}
