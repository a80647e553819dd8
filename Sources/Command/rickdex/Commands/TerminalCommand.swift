import ArgumentParser
import FoundationEssentials
import TerminalKit

/// `rickdex terminal [--json]`
struct TerminalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "terminal",
        abstract: "Show what Rickdex detected about this terminal, and from where.",
        discussion: """
            On a terminal Rickdex asks it (XTVERSION, kitty graphics, OSC 11 background, cell \
            size, then DA1, whose answer ends the wait: one round trip, at most \
            RICKDEX_PROBE_TIMEOUT seconds, 1 by default) once a terminal session: later commands \
            in the same session reuse what it said. Where it did not say, the environment does \
            (TERM, COLORTERM, TERM_PROGRAM, VTE_VERSION, COLORFGBG). --symbols auto picks from this \
            table:

              kitty 0.40+, foot 1.20+, ghostty 1.2+, VTE 0.78+   octant
              kitty 0.19.3+, WezTerm 20210814+, Alacritty 0.14+  sextant
              xterm                                               quadrant
              anything else, or inside GNU screen                 half

            Inside tmux, tmux is asked which terminal its client runs in (tmux display -p): \
            kitty 0.28+ gets real pixels as kitty's Unicode placeholders, a sixel terminal gets \
            sixel drawn by tmux 3.4+, anything else cell art; allow-passthrough is turned on for \
            this pane while images need it and put back at exit.
            """ + Examples.help("terminal")
    )

    @Flag(help: "Print as JSON.")
    var json = false

    @Option(help: "When to use color: auto (a terminal without NO_COLOR), always or never.")
    var color: ColorChoice = .auto

    @OptionGroup var display: DisplayOptions

    func run() async throws {
        var settings = display.settings(color: color)
        // A report on the terminal it runs in, even with the output sent to a file; tmux left as it is.
        settings.probesWhenPiped = true
        settings.enablesPassthrough = false
        let session = await TerminalSession.prepare(settings)
        DisplayOptions.say(session)
        let report = TerminalReport(session.capabilities, probe: session.probe, timeout: settings.probeTimeout)
        if json {
            try JSONOutput.print(report)
        } else {
            print(report.lines.joined(separator: "\n"))
        }
    }
}
