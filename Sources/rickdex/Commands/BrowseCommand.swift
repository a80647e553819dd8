import ArgumentParser
import BlockArt
import FoundationEssentials
import Logging
import RickAndMortyAPI
import SystemPackage
import TerminalUI
import Toolbox

/// `rickdex browse [QUERY] [--print id|name|json]`: a full-screen live search, and a picker.
struct BrowseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Search as you type, full screen, with avatars (also: rickdex with no arguments on a terminal).",
        discussion: """
            Opens on everyone, or on QUERY; type a name to narrow (results follow after a 300 ms \
            pause; a newer query cancels the older one). As in fzf, every printable key types into the \
            search line: ↑/↓ (or Ctrl-P/Ctrl-N) select, Home/End go to the first and last, \
            PgDn/PgUp page, Enter opens the detail, Tab/Shift-Tab cycle the status filter (any, alive, \
            dead, unknown), Ctrl-G shows a grid of larger avatars, Ctrl-Y copies the character's URL \
            and summary to the clipboard (OSC 52; inside tmux, tmux's buffer too), Ctrl-R asks the \
            server again about the page and its avatars (a 304 when unchanged), Ctrl-U and Ctrl-W \
            clear the line and a word, F1 or Ctrl-/ lists every key, Esc clears the line and on an \
            empty one quits, Ctrl-C or Ctrl-D quits. The detail, episode and people screens have no \
            search line and take letters: e its episodes, l the residents of its location, y copy, \
            r try again what failed, q quit, Esc back. A click selects, a double click opens, the \
            wheel scrolls and pages (--no-mouse leaves the mouse to the terminal).

            Browse picks, for scripts: with standard output not a terminal (id=$(rickdex browse)), \
            or with --print, Enter ends browse and prints the chosen character (its id, name or JSON) \
            on standard output; the screen is drawn on the terminal. Quitting without a choice exits 1. \
            The terminal is restored, mouse reporting off, on quit, on an error and on \
            SIGINT/SIGTERM/SIGHUP.
            """ + Examples.help("browse")
    )

    /// What a pick prints.
    enum Printed: String, ExpressibleByArgument, CaseIterable {
        case id, name, json
    }

    @Argument(help: "Open with this search line, e.g. morty.")
    var query: [String] = []

    @Option(
        name: .customLong("print"),
        help: ArgumentHelp(
            "Pick: Enter prints the character (id, name or json) and ends browse.",
            discussion: "The default when standard output is not a terminal: id.", valueName: "what"))
    var printed: Printed?

    @Flag(help: "Leave the mouse to the terminal (no clicking or wheel in browse).")
    var noMouse = false

    @OptionGroup var display: DisplayOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        // Picking with standard output piped: the screen goes to the terminal, the choice down the pipe.
        let output = TerminalDevice.standardOutput.isTerminal ? nil : TerminalDevice.standardOutputToControllingTerminal()
        defer { try? output?.close() }
        guard Browser.canRun else {
            throw ValidationError("browse needs a terminal on standard input and output; use search for scripts")
        }
        let picked = try await APIConnection.with(global, eachRequest: true) { connection in
            // The first screen does not wait for the terminal's answers; pixels follow them.
            let (capabilities, answered) = display.capabilitiesWithoutWaiting()
            var browser = Browser(client: connection.client, images: connection.images, capabilities: capabilities)
            browser.answered = answered
            browser.mouse = !noMouse
            browser.tmux = ProcessInfo.processInfo.environment["TMUX"] != nil
            browser.refresher = connection.refreshingClient
            browser.activity = connection.activity
            browser.query = query.joined(separator: " ")
            browser.picks = printed != nil || output != nil
            // Logs only where they cannot garble the screen: standard error sent elsewhere.
            if !TerminalDevice.standardError.isTerminal { browser.logger = .forCommandLine(verbose: global.verbose) }
            guard let picked = try await browser.run() else { return nil as [UInt8]? }
            switch printed ?? .id {
            case .id: return Array("\(picked.id)\n".utf8)
            case .name: return Array((TerminalText.sanitize(picked.name) + "\n").utf8)
            case .json: return try connection.json(picked)
            }
        }
        guard printed != nil || output != nil else { return }
        guard let text = picked else { throw NothingPicked() }
        if let output {
            _ = try? output.writeAll(text)
        } else {
            StandardStreams.output(text)
        }
    }
}

/// Browse ended without a choice while picking: a script must not take an empty answer for one,
/// so the exit is not 0, as fzf's is not.
struct NothingPicked: ReportableError {
    var description: String { "no character chosen" }
    var exitCode: Int32 { ErrorReport.usage }
}
