import ArgumentParser
import RickAndMortyAPI

/// `rickdex search [NAME] [filters] [--page N | --all] [--json]`
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find characters by name, status, species, type and gender.",
        discussion: """
            Filters match as the API matches them: case-insensitive parts of the field
            (--species hum finds Human and Humanoid), except a gender starting with 'male', which
            must match from the start (male does not find Female). No match is not an error.
            """
    )

    @OptionGroup var filters: CharacterFilterOptions

    @Option(help: "The page to show (20 characters a page).")
    var page: Int = 1

    @Flag(help: "Fetch every page of the results.")
    var all = false

    @Flag(help: "Print the results as JSON.")
    var json = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard page >= 1 else { throw ValidationError("--page must be 1 or more") }
        if all && page != 1 { throw ValidationError("--all and --page cannot be used together") }
    }

    func run() async throws {
        let query = filters.query(page: page)
        let result = try await APIConnection.with(global) { connection in
            let client = connection.client
            if all {
                let pages = try await client.allPages(query)
                let last = pages.last ?? .empty(number: 1)
                return SearchResult(page: nil, pages: last.pages, count: last.count, results: pages.flatMap(\.items))
            }
            let found = try await client.characters(query)
            return SearchResult(page: found.number, pages: found.pages, count: found.count, results: found.items)
        }
        if json {
            try JSONOutput.print(result)
            return
        }
        let style = Style(enabled: global.color.enabled())
        guard !result.results.isEmpty else {
            print(page == 1 ? "No characters match." : "Nothing on page \(page): the results have fewer pages.")
            return
        }
        print(CharacterTable(style: style).render(result.results))
        let matches = "\(result.count) \(result.count == 1 ? "match" : "matches")"
        let summary = result.page.map { "page \($0) of \(result.pages) · \(matches)" } ?? "all \(result.pages) pages · \(matches)"
        print(style.dim(summary))
    }
}
