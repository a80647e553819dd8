import ArgumentParser
import AvatarCache
import BlockArt
import Foundation
import Imaging
import RickAndMortyAPI

/// What the episode and location views share: fetch the characters in one batch, their avatars
/// concurrently, and print a grid (or a list when piped).
enum CastView {
    static func print(
        title: [String], characters: [RMCharacter], connection: APIConnection, previews: PreviewOptions,
        display: DisplayOptions, global: GlobalOptions
    ) async {
        let style = Style(enabled: global.color.enabled())
        Swift.print(title.joined(separator: "\n"))
        guard !characters.isEmpty else { return }
        guard previews.enabled(isTerminal: isatty(STDOUT_FILENO) == 1) else {
            Swift.print(AvatarGrid.list(characters).joined(separator: "\n"))
            return
        }
        let columns = previews.columns(default: 8)
        let images = connection.images
        let thumbnails = await BoundedWork.map(characters, width: 8) { character -> Bitmap? in
            try? await images.thumbnail(for: character.imageURL, circle: .init(size: columns)).bitmap
        }
        let grid = AvatarGrid(capabilities: display.capabilities(color: global.color), style: style, columns: columns)
        Swift.print(grid.render(characters, thumbnails: thumbnails).joined(separator: "\n"))
    }
}

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
                    throw APIError.badRequest(url: "episode?episode=\(code)", message: "no episode \(code)")
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

/// `rickdex location ID [--json]`
struct LocationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "location",
        abstract: "Show a location and its residents, with their avatars on a terminal."
    )

    @Argument(help: "The location's id, e.g. 3 for the Citadel of Ricks.")
    var id: Int

    @Flag(help: "Print the location and its residents as JSON.")
    var json = false

    @OptionGroup var previews: PreviewOptions
    @OptionGroup var display: DisplayOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard id >= 1 else { throw ValidationError("the id must be 1 or more") }
    }

    func run() async throws {
        try await APIConnection.with(global) { connection in
            let client = connection.client
            let location = try await client.location(id: id)
            let residents = try await client.characters(ids: location.residentIDs)
            if json {
                try JSONOutput.print(LocationDetail(location: location, residents: residents))
                return
            }
            let style = Style(enabled: global.color.enabled())
            let clean = TerminalText.sanitize
            let title = [
                style.bold(clean(location.name)) + style.dim("  #\(location.id)"),
                "  " + style.dim("Type     ") + " " + clean(location.type.isEmpty ? "—" : location.type),
                "  " + style.dim("Dimension") + " " + clean(location.dimension.isEmpty ? "—" : location.dimension), "",
                style.bold("Residents (\(residents.count))"),
            ]
            await CastView.print(
                title: title, characters: residents, connection: connection, previews: previews, display: display,
                global: global)
        }
    }
}
