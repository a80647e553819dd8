import ArgumentParser
import TerminalKit

/// `episode` and `location` with nothing named list every one: `--page` or `--all`, and piped,
/// every page unless `--page` names one (as `search`).
struct ListingOptions: ParsableArguments {
    @Option(help: "With nothing named: the page of the list to show (20 a page); piped, every page unless --page.")
    var page: Int?

    @Flag(help: "With nothing named: every page of the list (piped, the default).")
    var all = false

    func validate() throws {
        if let page, page < 1 { throw ValidationError("--page takes a page number of 1 or more, e.g. --page 2, not \(page)") }
        if all && page != nil { throw ValidationError("--all and --page cannot be used together") }
    }

    /// Whether every page is written: asked for, or piped with no page named.
    func everyPage(json: Bool) -> Bool {
        all || (page == nil && !json && !TerminalDevice.standardOutput.isTerminal)
    }
}
