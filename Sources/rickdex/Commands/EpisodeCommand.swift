import ArgumentParser
import BlockArt
import RickAndMortyAPI
import TerminalUI

/// `rickdex episode ID|SxxEyy [--json]`
struct EpisodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "episode",
        abstract: "Show an episode and its characters, with their avatars on a terminal."
    )

    @Argument(help: "The episode's id (e.g. 28) or code (e.g. S03E07).")
    var episode: String

    @Flag(help: "Print the episode and its characters as JSON.")
    var json = false

    @OptionGroup var previews: PreviewOptions
    @OptionGroup var display: DisplayOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if Int(episode) == nil, episode.range(of: "^[Ss][0-9]{2}[Ee][0-9]{2}$", options: .regularExpression) == nil {
            throw ValidationError("give an episode id (28) or code (S03E07), not '\(episode)'")
        }
    }

    func run() async throws {
        try await APIConnection.with(global) { connection in
            let client = connection.client
            let found: Episode
            if let id = Int(episode) {
                found = try await client.episode(id: id)
            } else {
                let code = episode.uppercased()
                let matches = try await client.episodes(EpisodeQuery(filters: ["episode": code])).items
                guard let exact = matches.first(where: { $0.code.uppercased() == code }) else {
                    throw NotFound(what: "episode \(code)")
                }
                found = exact
            }
            let characters = try await client.characters(ids: found.characterIDs)
            if json {
                try JSONOutput.print(EpisodeDetail(episode: found, characters: characters))
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
