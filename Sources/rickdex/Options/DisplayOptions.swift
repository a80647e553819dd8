import ArgumentParser
import BlockArt

/// How images are drawn: the colour mode and the graphics protocol, detected unless given.
struct DisplayOptions: ParsableArguments {
    @Option(
        name: .customLong("color-mode"),
        help: ArgumentHelp(
            "truecolor, 256, 16 or none.", discussion: "Default: from COLORTERM and TERM (none when colour is off).",
            valueName: "mode"))
    var colorMode: ColorMode?

    @Option(help: "auto, kitty, iterm, sixel or blocks (auto: what the terminal announces; blocks inside tmux).")
    var graphics: GraphicsChoice = .auto

    /// The terminal's capabilities under these options and `--color`.
    func capabilities(color: ColorChoice) -> TerminalCapabilities {
        let forced: Bool? =
            switch color {
            case .always: true
            case .never: false
            case .auto: nil
            }
        return TerminalCapabilities.detect(color: forced, colorMode: colorMode, graphics: graphics.chosen)
    }
}

/// `--graphics`.
enum GraphicsChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, kitty, iterm, sixel, blocks

    var chosen: GraphicsProtocol? { self == .auto ? nil : GraphicsProtocol(rawValue: rawValue) }
}

extension ColorMode: ExpressibleByArgument {}
