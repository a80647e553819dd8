import BlockArt
import LoupeToolbox
import TerminalKit

/// `rickdex terminal`'s findings: each value and where it came from.
struct TerminalReport: Encodable {
    struct Finding: Encodable {
        var value: String
        var origin: String
    }

    var probed: Bool
    var answered: Bool
    /// The answers were those an earlier command of this terminal session heard.
    var remembered: Bool
    /// How the probe went, in words.
    var probe: String
    var terminal: Finding
    var colorMode: Finding
    var symbols: Finding
    var graphics: Finding
    var background: Finding
    var cellSize: Finding
    var columns: Int
    var multiplexed: Bool
    /// Inside tmux: its version, the terminal its client runs in, and how pixels get there.
    var tmux: Tmux?

    struct Tmux: Encodable {
        var version: String
        var outerTerminal: String
        /// `placeholders` (kitty's Unicode placeholders), `sixel` (drawn by tmux), `passthrough`
        /// (named with --graphics) or `none`.
        var pixels: String
        /// `allow-passthrough` for the pane as this command found it.
        var allowPassthrough: String
    }

    init(_ capabilities: TerminalCapabilities, probe result: ProbeResult?, timeout: Duration) {
        let origin = { (key: Capability) in capabilities.origins[key]?.description ?? "" }
        probed = result != nil
        answered = result?.answers != nil
        remembered = result?.remembered == true
        let seconds = timeout.milliseconds % 1000 == 0 ? "\(timeout.milliseconds / 1000)" : timeout.seconds.decimalText(places: 2)
        switch (result, result?.answers) {
        case (nil, _): probe = "not run (not a terminal, --no-probe or RICKDEX_NO_PROBE=1)"
        case (let result?, nil):
            probe = "no answer within \(seconds) s" + (result.remembered ? " (remembered for this terminal session)" : "")
        case (let result?, _?):
            let took = result.roundTrip.map { " in \($0.milliseconds) ms" } ?? ""
            probe = "answered\(took)" + (result.remembered ? " (remembered for this terminal session)" : "")
        }
        terminal = Finding(
            value: capabilities.identity.map { [$0.name, $0.version].compactMap { $0 }.joined(separator: " ") } ?? "unknown",
            origin: origin(.identity))
        colorMode = Finding(value: capabilities.colorMode.rawValue, origin: origin(.colorMode))
        symbols = Finding(value: capabilities.symbols.rawValue, origin: origin(.symbols))
        graphics = Finding(value: capabilities.graphics.rawValue, origin: origin(.graphics))
        background = Finding(value: capabilities.background?.hex ?? "unknown", origin: origin(.background))
        let cell = capabilities.cellSize
        cellSize = Finding(value: cell.map { "\($0.width)x\($0.height)" } ?? "unknown", origin: origin(.cellSize))
        columns = capabilities.columns
        multiplexed = capabilities.multiplexed
        tmux = capabilities.tmux.map { client in
            let pixels =
                switch (capabilities.graphics, capabilities.placeholders, capabilities.passthrough) {
                case (.blocks, _, _): "none"
                case (.kitty, true, _): "placeholders"
                case (_, _, true): "passthrough"
                default: capabilities.graphics.rawValue
                }
            return Tmux(
                version: client.version, outerTerminal: terminal.value == "unknown" ? client.terminalName : terminal.value,
                pixels: pixels, allowPassthrough: client.passthrough)
        }
    }

    /// Aligned lines for a person; every value is sanitized (it may come from the terminal).
    var lines: [String] {
        let rows: [(String, Finding)] = [
            ("Terminal", terminal), ("Colors", colorMode), ("Symbols", symbols), ("Graphics", graphics),
            ("Background", background), ("Cell (px)", cellSize),
        ]
        return rows.map { name, finding in
            TerminalText.pad(name, toColumns: 12) + TerminalText.pad(TerminalText.sanitize(finding.value), toColumns: 14)
                + "from " + TerminalText.sanitize(finding.origin)
        } + [
            TerminalText.pad("Columns", toColumns: 12) + "\(columns)",
            TerminalText.pad("Inside tmux", toColumns: 12)
                + (tmux.map {
                    TerminalText.sanitize(
                        "\($0.version), outer terminal \($0.outerTerminal), pixels: \($0.pixels) "
                            + "(allow-passthrough \($0.allowPassthrough))")
                } ?? (multiplexed ? "yes (screen, or tmux did not answer)" : "no")),
            TerminalText.pad("Probe", toColumns: 12) + probe,
        ]
    }
}
