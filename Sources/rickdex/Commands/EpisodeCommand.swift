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

    @Argument(
        help: "The episode's id (e.g. 28) or code (e.g. S03E07).", completion: .custom(ShellCompletion.episodes))
    var episode: String

    @Flag(help: "Print the episode and its characters as JSON.")
    var json = false

    @OptionGroup var previews: PreviewOptions
    @OptionGroup var display: DisplayOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if Int(episode) == nil, !Self.isEpisodeCode(episode) {
            throw ValidationError("give an episode id (28) or code (S03E07), not '\(episode)'")
        }
    }

    /// Whether `text` is an episode code: `S03E07` (either case).
    static func isEpisodeCode(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let digit = { (index: Int) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) }
        return bytes.count == 6 && (bytes[0] | 0x20) == UInt8(ascii: "s") && digit(1) && digit(2)
            && (bytes[3] | 0x20) == UInt8(ascii: "e") && digit(4) && digit(5)
    }

    func run() async throws {
        try await APIConnection.with(global) { connection in
            let client = connection.client
            let found: Episode
            if let id = Int(episode) {
                found = try await client.episode(id: id)
            } else {
                let code = episode.uppercased()
                let matches = try await client.episodes(EpisodeQuery(filters: [.episode: code])).items
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
