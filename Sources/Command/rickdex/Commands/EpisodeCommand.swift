import ArgumentParser
import BlockArt
import RickAndMortyAPI
import TerminalUI

/// `rickdex episode [ID|SxxEyy|NAME] [--json]`
struct EpisodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "episode",
        abstract: "Show an episode and its characters, with their avatars on a terminal.",
        discussion: """
            The episode is its id, its code (S03E07; S3E7 and 3x07 read the same), or its name as \
            people type it, quoted or not (pilot, total rickall): a whole name or a part; a part \
            that fits several shows the first and names the others on stderr. With no episode, \
            lists them all, a page at a time on a terminal (--page, --all, --json), every page when piped.
            """ + Examples.help("episode")
    )

    @Argument(
        help: ArgumentHelp("The episode's id (28), code (S03E07) or name (pilot).", valueName: "id-code-or-name"),
        completion: .custom(ShellCompletion.episodes))
    var words: [String] = []

    @OptionGroup var listing: ListingOptions

    /// The words as one name, as browse joins them.
    private var episode: String { words.joined(separator: " ").trimmingWhitespace() }

    @Flag(help: "Print the episode and its characters as JSON.")
    var json = false

    @OptionGroup var previews: PreviewOptions
    @OptionGroup var display: DisplayOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if let id = Int(episode), id < 1 { throw ValidationError("an episode id is 1 or more, e.g. 28") }
    }

    func run() async throws {
        try await APIAccess.with(global) { api in
            let client = api.client
            if episode.isEmpty {
                return try await ListingOutput.print(
                    EpisodeQuery(page: listing.page ?? 1), every: listing.everyPage(json: json), api: api, json: json,
                    global: global
                ) { [String($0.id), $0.code, $0.name, $0.airDate] }
            }
            let found: Episode
            if let code = EpisodeCode(episode)?.description, Int(episode) == nil {
                let matches = try await client.episodes(EpisodeQuery(filters: [.episode: code])).items
                guard let exact = matches.first(where: { $0.code.uppercased() == code }) else {
                    throw NotFound(what: "episode \(code)")
                }
                found = exact
            } else {
                found = try await NamedItem.resolve(episode, Episode.self, api: api)
            }
            let characters = try await client.characters(ids: found.characterIDs)
            if json {
                try api.printJSON(EpisodeDetail(episode: found, characters: characters))
                return
            }
            let style = Style(enabled: global.color.enabled())
            let clean = TerminalText.sanitize
            let title = [
                style.bold(clean(found.name)) + style.dim("  \(clean(found.code)) · #\(found.id)"),
                "  " + style.dim("Aired    ") + " " + clean(found.airDate), "",
                style.bold("Characters (\(characters.count))"),
            ]
            await CastView.print(
                title: title, characters: characters, api: api, previews: previews, display: display,
                global: global)
        }
    }
}
