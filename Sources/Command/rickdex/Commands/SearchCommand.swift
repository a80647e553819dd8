import ArgumentParser
import BlockArt
import FoundationEssentials
import LoupePipeline
import LoupeImaging
import RickAndMortyAPI
import TerminalKit
import TerminalUI
import LoupeToolbox
import UseCases

import Glibc

/// `rickdex search [NAME] [filters] [--page N | --all] [--json] [--no-preview]`
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find characters by name, status, species, type and gender.",
        discussion: """
            Filters match as the API matches them: case-insensitive parts of the field \
            (--species hum finds Human and Humanoid), except a gender starting with 'male', which \
            must match from the start (male does not find Female). A name matches folded when the \
            names are known (the bundled data, or a cache holding every page: rickdex warm --all): \
            case, accents, apostrophes straight or curly and periods aside (martinez finds \
            Martínez, morty's Morty’s Lawyer). No match is not an error: it \
            prints "No characters match." and, on stderr, the nearest names, species or types the \
            cache (or the bundled dataset) knows, without a request. A --status or --gender that \
            selects no status or gender is a usage error naming the nearest.

            On a terminal each result shows its round avatar (real pixels where the terminal \
            shows them, else block symbols fitted to the terminal: see --symbols), rows appearing \
            in order as their avatars arrive; with --no-preview, a table that fits the terminal. \
            Piped, one line a character with every field whole, tab-separated (id, name, status, \
            species, type, gender, origin, location), every page of them unless --page names one \
            (then a line on stderr says how many are left), and no count (--header adds a first \
            line naming the fields). --color changes the color alone, never the format.
            """ + Examples.help("search")
    )

    @OptionGroup var filters: CharacterFilterOptions

    @Option(help: "The page to show (20 characters a page); piped, every page unless --page.")
    var page: Int?

    @Flag(help: "Fetch every page of the results (piped, the default).")
    var all = false

    @Flag(help: "Print the results as JSON.")
    var json = false

    @Flag(help: "Piped: start with a line naming the tab-separated fields.")
    var header = false

    @OptionGroup var previews: PreviewOptions
    @OptionGroup var display: DisplayOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if let page, page < 1 { throw ValidationError("--page takes a page number of 1 or more, e.g. --page 2, not \(page)") }
        if all && page != nil { throw ValidationError("--all and --page cannot be used together") }
    }

    /// Every page: asked for, or rows piped with no page named (a script wants every match, not
    /// 20). Cards piped (`--preview`, for a pager) are a page, as on a terminal, under its count.
    private var everyPage: Bool {
        all || (page == nil && !json && !TerminalDevice.standardOutput.isTerminal && !previews.enabled(isTerminal: false))
    }

    func run() async throws {
        let page = page ?? 1
        let query = filters.query(page: page)
        try await APIAccess.with(global) { api in
            let result = try await SearchResult.fetch(query, every: everyPage, from: api.client, root: api.jsonRoot)
            let pastTheEnd = result.results.isEmpty && page > result.info.pages && result.info.count > 0
            if json {
                try api.printJSON(result)
            } else {
                try await show(result, api: api, query: query)
            }
            if pastTheEnd { throw PageNotFound(page: page, pages: result.info.pages, count: result.info.count) }
        }
    }

    /// The results on a terminal or as a table, the matches counted; no match, with hints.
    private func show(_ result: SearchResult<RMCharacter>, api: APIAccess, query: CharacterQuery) async throws {
        let style = Style(enabled: global.color.enabled())
        guard !result.results.isEmpty else {
            guard result.info.count == 0 else { return }
            // Piped, stdout holds rows alone: none.
            if TerminalDevice.standardOutput.isTerminal { print("No characters match.") } else {
                StandardStreams.error("No characters match.\n")
            }
            let known = api.known([.character])
            for line in NoMatchHints(query: query, known: known.characters, complete: known.hasEveryCharacter).lines {
                StandardStreams.error("hint: \(line)\n")
            }
            if query.filters[.name] != nil, api.names[.character] == nil {
                StandardStreams.error(
                    "hint: the API matched the name as typed; after rickdex warm --all (or search --all) names fold "
                        + "(martinez finds Martínez, morty's Morty’s Lawyer)\n")
            }
            return
        }
        // The format follows where the rows go; --color changes only the color.
        let terminal = TerminalDevice.standardOutput.isTerminal
        if previews.enabled(isTerminal: terminal) {
            await printCards(result.results, images: api.images, style: style)
        } else if !terminal {
            // For scripts: whole fields, nothing but the rows on stdout.
            print(CharacterTable.tabSeparated(result.results, header: header, style: style))
        } else {
            let width = TerminalDevice.standardOutput.windowSize()?.columns ?? 80
            print(CharacterTable(style: style).render(result.results, width: width))
        }
        if terminal || previews.enabled(isTerminal: false) {
            print(style.dim(result.summary(noun: "match")))
        } else {
            result.sayLaterPages(noun: "match")
        }
        if let name = filters.name, let namesakes = Namesakes(name, among: result.results) {
            StandardStreams.error(namesakes.description + "\n")
        }
    }

    /// How long the rows wait with no avatar arriving, once the page is in.
    static let avatarWait = Duration.seconds(3)

    /// Each result beside its avatar, printed in order as soon as it and those before it are
    /// ready. An avatar that cannot be had, or still loading after `avatarWait` with none
    /// arriving, leaves a blank.
    private func printCards(_ characters: [RMCharacter], images: ImagePipeline, style: Style) async {
        let capabilities = await display.prepareTerminal(color: global.color)
        let columns = previews.columns(default: 8)
        let art = AvatarArt(capabilities: capabilities)
        let variant = AvatarVariant.searchRow.sized(.columns(columns))
        let card = CharacterCard(style: style)
        let textWidth = max(10, capabilities.columns - columns - 2)
        var failures: [String] = []
        let thumbnails = AvatarThumbnails(images: images, variant: variant, pixelsPerColumn: art.pixelsPerColumn)
        // The names are known: a slow avatar holds its row a moment, never the list.
        await thumbnails.inOrder(characters, stalledAfter: Self.avatarWait) { character, thumbnail in
            if case .failure(let error) = thumbnail { failures.append("\(TerminalText.sanitize(character.name)): \(error)") }
            let text = card.lines(character, lines: columns / 2, width: textWidth)
            print(art.beside(try? thumbnail.get(), columns: columns, text: text), terminator: "")
            fflush(nil)
        }
        if let first = failures.first {
            StandardStreams.error(
                "rickdex: \(Plural.count(failures.count, "avatar")) could not be shown: \(TerminalText.sanitize(first))\n")
        }
    }
}

extension NoMatchHints {
    /// One line a hint, for stderr: `no name contains 'rik'; did you mean rick (107 characters)?`
    var lines: [String] {
        hints.map { hint in
            // A long query is named by its start: the hint is about it, not a copy of it.
            let typed = TerminalText.truncate(TerminalText.sanitize(hint.typed), toColumns: 40)
            guard !hint.suggestions.isEmpty else { return "no known \(hint.filter.rawValue) contains '\(typed)'" }
            let choices = hint.suggestions.map { suggestion in
                TerminalText.sanitize(suggestion.term)
                    + (counted ? " (\(Plural.count(suggestion.matches, "character")))" : "")
            }
            return "no \(hint.filter.rawValue) contains '\(typed)'; did you mean \(choices.joined(separator: ", "))?"
        }
    }
}
