import ArgumentParser
import BlockArt
import FoundationEssentials
import Logging
import RickAndMortyAPI
import SystemPackage
import TerminalKit
import TerminalUI
import UseCases
import LoupeToolbox

/// `rickdex browse [QUERY] [--print id|name|json]`: a full-screen live search, and a picker.
struct BrowseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Search as you type, full screen, with avatars (also: rickdex with no arguments on a terminal).",
        discussion: """
            Opens on everyone, or on QUERY; type a name to narrow (results follow after a 300 ms \
            pause; a newer query cancels the older one). The keys are fzf's: every printable key types \
            into the search line, which edits as fzf's (← → Ctrl-B Ctrl-F, Ctrl-A Ctrl-E, Alt-B \
            Alt-F, Backspace, Delete, Ctrl-D, Ctrl-U, Ctrl-W, Alt-D, Ctrl-Y) and scrolls when long; \
            ↑/↓, Ctrl-K/Ctrl-J and Ctrl-P/Ctrl-N select, and past the last row the next page loads; \
            Home/End go to the first and last loaded, PgUp/PgDn a screen; Enter opens the detail; \
            Esc, Ctrl-C, Ctrl-G and Ctrl-Q quit. Keys fzf leaves free: Tab/Shift-Tab (or Ctrl-S) \
            cycle the status filter (any, alive, dead, unknown), Ctrl-T shows a grid of larger \
            avatars, Ctrl-O copies the character's URL and summary to the clipboard (OSC 52; inside \
            tmux, tmux's buffer too), Ctrl-R asks the server again about the page and its avatars (a \
            304 when unchanged), Ctrl-L redraws, F1 lists every key. The detail, episode and people \
            screens have no search line and take letters: e its episodes, l the residents of its \
            location, y copy, r try again what failed, q quit, Esc back; their lists take the same \
            moving keys. A click selects, a double click opens, the wheel scrolls (--no-mouse leaves \
            the mouse to the terminal).

            Browse picks, for scripts, as fzf does: with standard output not a terminal \
            (id=$(rickdex browse)), or with --print, Enter ends browse and prints the chosen \
            character (its id, name or JSON) on standard output; the screen is drawn on the \
            terminal. -m marks several with Tab; --expect KEYS ends on those keys too and prints the \
            key first; --print-query prints the line first; -1 and -0 decide without a screen when \
            one match or none; -f prints every match of a query with no screen at all. Keys are read \
            from the terminal on standard input: piped input is refused (use -f or search). Exit \
            codes as fzf's: 0 chosen, 1 no match, 2 error, 130 quit (plain browse too). The \
            terminal is restored, mouse reporting off, on quit, on an error and on \
            SIGINT/SIGTERM/SIGHUP.

            As fzf's: --height 15 (or 40%, at least --min-height lines, 10 unless told) draws in \
            that many lines below the cursor instead of the whole screen, the screen above left as \
            it was, scrolled up where there is too little room below; on exit those lines are \
            cleared and the cursor is back where it was. Avatars are then cells (half blocks or the \
            terminal's richer symbols), never pixel images, which have no place of their own inline; \
            clicks work where the terminal says where its cursor is. --layout reverse (or \
            --reverse) puts the search line at the top and the list below it, browse's look unless \
            told; --layout default is fzf's default, the search line at the bottom and the list \
            growing up from it (↑ moves up the screen, to later matches). The detail, episode and \
            people screens read top-down in both. Colors as fzf's: none with --color never, with \
            NO_COLOR set, or with TERM=dumb (and no pixel images); the selection keeps its ▶.
            """ + Examples.help("browse")
    )

    /// What a pick prints.
    enum Printed: String, ExpressibleByArgument, CaseIterable {
        case id, name, json
    }

    @Argument(help: "Open with this search line, e.g. morty (the words are joined).")
    var words: [String] = []

    @Option(name: [.short, .long], help: ArgumentHelp("Open with this search line (as QUERY).", valueName: "query"))
    var query: String?

    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "Print every match of this query, as piped search does, with no screen; exit 1 when none.",
            valueName: "query"))
    var filter: String?

    @Flag(name: [.customShort("1"), .customLong("select-1")], help: "Choose the match without a screen when there is only one.")
    var selectOne = false

    @Flag(name: [.customShort("0"), .customLong("exit-0")], help: "Exit 1 without a screen when nothing matches.")
    var exitZero = false

    @Flag(name: [.customShort("e"), .long], help: "Terms match as parts of names, as fzf's --exact ('term: fuzzy again).")
    var exact = false

    @Flag(name: [.customShort("i"), .customLong("ignore-case")], help: "Ignore case, whatever is typed (fzf's -i).")
    var ignoreCase = false

    @Flag(name: .customLong("respect-case"), help: "Respect case, whatever is typed (fzf's +i, which reads the same).")
    var respectCase = false

    // The spellings before fzf's, kept for scripts that use them.
    @Flag(name: .customLong("select1"), help: .hidden) var selectOneUnhyphenated = false
    @Flag(name: .customLong("exit0"), help: .hidden) var exitZeroUnhyphenated = false

    @Option(
        help: ArgumentHelp(
            "Draw in N lines, or N% of the terminal, below the cursor instead of the whole screen.",
            discussion: "The screen above stays as it was; on exit the lines are cleared. 100% is the whole screen.",
            valueName: "N[%]"),
        transform: { text in
            guard let height = BrowseHeight(text) else {
                throw ValidationError("--height takes lines or a percentage of the terminal, e.g. 15 or 40%, not '\(text)'")
            }
            return height
        })
    var height: BrowseHeight?

    @Option(help: ArgumentHelp("The fewest lines a percentage --height draws in.", valueName: "lines"))
    var minHeight = BrowseHeight.defaultMinimum

    @Option(
        help: ArgumentHelp(
            "reverse: the search line at the top, the list below (browse's look); default: fzf's, the search line at the bottom.",
            valueName: "layout"))
    var layout: BrowseLayout?

    @Flag(help: "The search line at the top, the list below it: --layout reverse.")
    var reverse = false

    @Flag(help: "Print the search line first (before the key with --expect, and the choice).")
    var printQuery = false

    @Flag(name: [.short, .long], help: "Tab marks characters (Shift-Tab too); Enter prints every one marked.")
    var multi = false

    @Option(
        help: ArgumentHelp(
            "Keys that choose as Enter does, comma-separated (ctrl-x, alt-x, f2…); the key pressed is printed first.",
            discussion: "An empty line first when Enter chose.", valueName: "keys"))
    var expect: String?

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

    func validate() throws {
        if query != nil, !words.isEmpty { throw ValidationError("give the search line once: as QUERY or with --query") }
        if minHeight < 1 { throw ValidationError("--min-height takes 1 or more lines") }
        if reverse, layout == .default { throw ValidationError("--reverse is --layout reverse: give one of them") }
        for key in expectedKeys where !Browser.isKeyName(key) {
            throw ValidationError("--expect: '\(key)' is not a key name: use ctrl-a…ctrl-z, alt-KEY, f1…f12, enter, esc, tab, del…")
        }
    }

    private var line: String { query ?? words.joined(separator: " ") }
    private var expectedKeys: [String] { expect.map { $0.split(separator: ",").map(String.init) } ?? [] }
    private var select1: Bool { selectOne || selectOneUnhyphenated }
    private var exit0: Bool { exitZero || exitZeroUnhyphenated }

    /// Failures leave with fzf's 2 (`Rickdex.main` maps them, parse errors too); `QuietExit`
    /// carries 1 and 130.
    func run() async throws {
        if let filter { return try await printMatches(filter) }
        try await APIAccess.with(global, eachRequest: true) { api in
            let finder = finder(api)
            // -1 and -0 decide on the first page, with no screen (and no terminal) needed.
            if select1 || exit0 {
                let name = line.trimmingWhitespace()
                let first = try await (finder ?? api.client).characters(CharacterQuery(name: name.isEmpty ? nil : name))
                if exit0, first.count == 0 { throw QuietExit(code: 1, printing: try lines([], key: nil)) }
                if select1, first.count == 1 { return StandardStreams.output(try lines(first.items, key: nil, api: api)) }
            }
            guard TerminalDevice.standardInput.isTerminal else {
                throw NoTerminal(
                    description: "browse reads its keys from a terminal, and standard input is not one: "
                        + "for scripts use rickdex browse --filter QUERY, or rickdex search")
            }
            // Picking with standard output piped: the screen goes to the terminal, the choice down the pipe.
            let output = TerminalDevice.standardOutput.isTerminal ? nil : TerminalDevice.standardOutputToControllingTerminal()
            defer { try? output?.close() }
            guard TerminalDevice.standardOutput.isTerminal || output != nil else {
                throw NoTerminal(description: "browse draws on a terminal, and there is none to draw on: use --filter, or search")
            }
            let picks = printed != nil || output != nil || multi || !expectedKeys.isEmpty || printQuery
            // What is chosen goes down the pipe when there is one.
            func emit(_ text: [UInt8]) {
                if let output { _ = try? output.writeAll(text) } else { StandardStreams.output(text) }
            }
            switch try await screen(api, finder: finder, picks: picks) {
            case .aborted:
                throw QuietExit(code: 130)
            case .accepted(let chosen, let typed, let key):
                let text = try lines(chosen, key: key, api: api, query: typed)
                if picks { emit(text) }
                if chosen.isEmpty { throw QuietExit(code: 1) }
            }
        }
    }

    /// Browse's screen until it ends.
    private func screen(_ api: APIAccess, finder: FuzzyClient?, picks: Bool) async throws -> Browser.Outcome {
        // The first screen does not wait for the terminal's answers; pixels follow them.
        var display = display
        // Inline there is no place for pixel images: cells, and tmux's passthrough left as it is.
        if let height, !height.isWholeScreen { display.graphics = .blocks }
        // Browse draws on the terminal even with standard output piped: only NO_COLOR and TERM=dumb turn auto off.
        let color: ColorChoice =
            global.color == .auto ? (global.color.enabled(isTerminal: true) ? .always : .never) : global.color
        let session = await TerminalSession.prepare(display.settings(color: color), waitingForAnswers: false)
        DisplayOptions.say(session)
        var browser = Browser(client: finder ?? api.client, images: api.images, capabilities: session.capabilities)
        browser.root = api.jsonRoot
        browser.answered = session.answered
        browser.mouse = !noMouse
        browser.tmux = ProcessInfo.processInfo.environment["TMUX"] != nil
        if let finder {
            // Every character is here: a keystroke filters at once, and there is no page to ask again.
            browser.debounce = .zero
            browser.fuzzy = (finder.exact, finder.caseMatching)
        } else {
            browser.refresher = api.refreshingClient
        }
        browser.activity = api.activity
        browser.query = line
        browser.picks = picks
        browser.multi = multi
        browser.expect = expectedKeys
        browser.height = height
        browser.minHeight = minHeight
        browser.layout = layout ?? .reverse
        browser.offline = global.offline
        browser.cursorWait = display.probeTimeout
        // Logs only where they cannot garble the screen: standard error sent elsewhere.
        if !TerminalDevice.standardError.isTerminal { browser.logger = .forCommandLine(verbose: global.verbose) }
        return try await browser.run()
    }

    /// What a choice prints: the line (`--print-query`), the key (`--expect`; empty for Enter),
    /// then each character chosen, one a line, as `--print` says.
    private func lines(
        _ chosen: [RMCharacter], key: String?, api: APIAccess? = nil, query: String? = nil
    ) throws -> [UInt8] {
        var text: [UInt8] = []
        if printQuery { text += Array((TerminalText.sanitize(query ?? line) + "\n").utf8) }
        if !expectedKeys.isEmpty { text += Array(((key ?? "") + "\n").utf8) }
        for character in chosen {
            switch printed ?? .id {
            case .id: text += Array("\(character.id)\n".utf8)
            case .name: text += Array((TerminalText.sanitize(character.name) + "\n").utf8)
            case .json: text += try api?.json(character) ?? []
            }
        }
        return text
    }

    /// Every character found as fzf finds, when the names are indexed (the bundled dataset, or a
    /// cache holding the whole listing); `nil`: the API's own search, a part of the name as typed.
    private func finder(_ api: APIAccess) -> FuzzyClient? {
        guard var finder = api.everyCharacter().map({ FuzzyClient(api.client, characters: $0) }) else { return nil }
        finder.exact = exact
        finder.caseMatching = ignoreCase ? .ignore : respectCase ? .respect : .smart
        return finder
    }

    /// `--filter`: every match, with no screen, as piped search prints them (or as `--print`
    /// says); exit 1 when none.
    private func printMatches(_ filter: String) async throws {
        let matches = try await APIAccess.with(global) { api -> [UInt8] in
            let finder = finder(api)
            let pages = try await (finder ?? api.client).allPages(CharacterQuery(name: filter.isEmpty ? nil : filter))
            let characters = pages.flatMap(\.items)
            if characters.isEmpty, finder == nil {
                StandardStreams.error(
                    "rickdex: the API matched '\(TerminalText.sanitize(filter))' as a part of names: the names are not "
                        + "indexed here; after rickdex warm --all, browse finds as fzf finds\n")
            }
            if characters.isEmpty { throw QuietExit(code: 1, printing: printQuery ? Array((filter + "\n").utf8) : []) }
            if printed == nil {
                return Array(((printQuery ? TerminalText.sanitize(filter) + "\n" : "") + CharacterTable.tabSeparated(characters) + "\n").utf8)
            }
            return try lines(characters, key: nil, api: api, query: filter)
        }
        StandardStreams.output(matches)
    }
}

extension BrowseLayout: ExpressibleByArgument {}

/// Browse was run where it cannot draw or read keys: said once, with what to use instead (no
/// usage lines, which would name no mistake in the command line).
struct NoTerminal: ReportableError {
    let description: String
    var exitStatus: ExitStatus { .usage }
}
