import ArgumentParser
import BlockArt
import RickAndMortyAPI
import TerminalUI

/// `rickdex episode ID|SxxEyy [--json]`
struct EpisodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "episode",
        abstract: "Show an episode and its characters, with their avatars on a terminal.",
        discussion: String(Examples.help("episode").dropFirst(2))
    )

    @Argument(
        help: "The episode's id (e.g. 28) or code (e.g. S03E07).", completion: .custom(ShellCompletion.episodes))
    var episode: String

    @Flag(help: "Print the episode and its characters as JSON.")
    var json = false

    @OptionGroup var previews: PreviewOptions
    @OptionGroup var display: DisplayOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if Int(episode) == nil, EpisodeCode(episode) == nil {
            throw ValidationError(
                "'\(episode)' is neither an episode id (28) nor a code (S03E07; S3E7 and 3x07 read the same)")
        }
        if let id = Int(episode), id < 1 { throw ValidationError("an episode id is 1 or more, e.g. 28") }
    }

    func run() async throws {
        try await APIConnection.with(global) { connection in
            let client = connection.client
            let found: Episode
            if let id = Int(episode) {
                found = try await client.episode(id: id)
            } else if let code = EpisodeCode(episode)?.description {
                let matches = try await client.episodes(EpisodeQuery(filters: [.episode: code])).items
                guard let exact = matches.first(where: { $0.code.uppercased() == code }) else {
                    throw NotFound(what: "episode \(code)")
                }
                found = exact
            } else {
                throw ValidationError("give an episode id (28) or code (S03E07)")
            }
            let characters = try await client.characters(ids: found.characterIDs)
            if json {
                try connection.printJSON(EpisodeDetail(episode: found, characters: characters))
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
                title: title, characters: characters, connection: connection, previews: previews, display: display,
                global: global)
        }
    }
}
