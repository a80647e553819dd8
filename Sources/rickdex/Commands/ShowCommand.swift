import ArgumentParser
import RickAndMortyAPI

/// `rickdex show ID [--json]`
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one character in detail, with the episodes it appears in."
    )

    @Argument(help: "The character's id, e.g. 1 for Rick Sanchez.")
    var id: Int

    @Flag(help: "Print the character and its episodes as JSON.")
    var json = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard id >= 1 else { throw ValidationError("the id must be 1 or more") }
    }

    func run() async throws {
        let detail = try await APIConnection.with(global) { connection in
            let client = connection.client
            let character = try await client.character(id: id)
            // One batch request for every episode, as the API allows.
            let episodes = try await client.episodes(ids: character.episodeIDs)
            return CharacterDetail(character: character, episodes: episodes)
        }
        if json {
            try JSONOutput.print(detail)
        } else {
            print(detail.render(style: Style(enabled: global.color.enabled())))
        }
    }
}
