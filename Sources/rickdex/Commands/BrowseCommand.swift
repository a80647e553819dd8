import ArgumentParser
import FoundationEssentials
import Logging
import TerminalUI
import Toolbox

/// `rickdex browse`: a full-screen live search.
struct BrowseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Search as you type, full screen, with avatars (also: rickdex with no arguments on a terminal).",
        discussion: """
            Opens on everyone; type a name to narrow (results follow after a 300 ms pause; a newer \
            query cancels the older one). Tab cycles the status filter (any, alive, dead, unknown). \
            ↑/↓ select (then q quits, n/p page and y copies; any other letter types again), \
            PgDn/PgUp or Ctrl-N/Ctrl-P page, Enter opens the detail (there e lists the episodes, Enter \
            on one its cast, l the residents of the character's location), y copies the character's URL \
            and summary to the clipboard (OSC 52; inside tmux, tmux's buffer and through it the \
            terminal's clipboard), ? shows every key, Esc goes back (and, on an \
            empty line, quits), Ctrl-C quits. r or Ctrl-R asks the server again about the page and \
            its avatars (304 when unchanged). g (from the list) shows a grid of larger avatars, \
            which the arrow keys move through. A click selects, a double click opens, the wheel \
            scrolls and pages (--no-mouse leaves the mouse to the terminal). The terminal is \
            restored, mouse reporting off, on quit, on an error and on SIGINT/SIGTERM/SIGHUP.
            """
    )

    @Flag(help: "Leave the mouse to the terminal (no clicking or wheel in browse).")
    var noMouse = false

    @OptionGroup var display: DisplayOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        guard Browser.canRun else {
            throw ValidationError("browse needs a terminal on standard input and output; use search for scripts")
        }
        try await APIConnection.with(global) { connection in
            // The first screen does not wait for the terminal's answers; pixels follow them.
            let (capabilities, answered) = display.capabilitiesWithoutWaiting()
            var browser = Browser(client: connection.client, images: connection.images, capabilities: capabilities)
            browser.answered = answered
            browser.mouse = !noMouse
            browser.tmux = ProcessInfo.processInfo.environment["TMUX"] != nil
            browser.refresher = connection.refreshingClient
            // Logs only where they cannot garble the screen: standard error sent elsewhere.
            if !TerminalDevice.standardError.isTerminal { browser.logger = .forCommandLine(verbose: global.verbose) }
            try await browser.run()
        }
    }
}
