import ArgumentParser
import TerminalUI

/// `rickdex browse`: a full-screen live search.
struct BrowseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Search as you type, full screen, with avatars (also: rickdex with no arguments on a terminal).",
        discussion: """
            Opens on everyone; type a name to narrow (results follow after a 300 ms pause; a newer
            query cancels the older one). Tab cycles the status filter (any, alive, dead, unknown).
            ↑/↓ select (then q quits, n/p page and y copies; any other letter types again),
            PgDn/PgUp or Ctrl-N/Ctrl-P page, Enter opens the detail, y copies the character's URL
            and summary to the clipboard (OSC 52), ? shows every key, Esc goes back (and, on an
            empty line, quits), Ctrl-C quits. The terminal is restored on quit, on an error and on
            SIGINT/SIGTERM.
            """
    )

    @OptionGroup var display: DisplayOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        guard Browser.canRun else {
            throw ValidationError("browse needs a terminal on standard input and output; use search for scripts")
        }
        try await APIConnection.with(global) { connection in
            let browser = Browser(
                client: connection.client, images: connection.images, capabilities: display.capabilities(color: .always))
            try await browser.run()
        }
    }
}
