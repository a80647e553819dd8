import ArgumentParser
import FoundationEssentials
import LoupePipeline
import LoupeImaging
import RickAndMortyAPI
import TerminalKit
import TerminalUI
import LoupeToolbox
import UseCases

/// `rickdex show ID|NAME [--json]`
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one character in detail, with the episodes it appears in.",
        discussion: """
            The character is its id, or its name as people type it (any case, accents, apostrophes, \
            periods and spaces fold: martinez finds Martínez, mr poopybutthole Mr. Poopybutthole), \
            quoted or not: a whole name, or a part ('morty smith', squanch). A part that fits several \
            shows the one in the most episodes (then the lowest id) and names the others on stderr; \
            so does a whole name that several share (the lowest id).
            """ + Examples.help("show")
    )

    @Argument(
        help: ArgumentHelp("The character's id or name, e.g. 1 or rick sanchez.", valueName: "id-or-name"),
        completion: .custom(ShellCompletion.characters))
    var words: [String] = []

    /// The words as one name, as browse joins them.
    private var character: String { words.joined(separator: " ") }

    @Flag(help: "Print the character and its episodes as JSON.")
    var json = false

    @OptionGroup var previews: PreviewOptions
    @OptionGroup var display: DisplayOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if let id = Int(character), id < 1 { throw ValidationError("an id is 1 or more, e.g. 1") }
        guard !character.trimmingWhitespace().isEmpty else { throw ValidationError("give a character's id or name") }
    }

    func run() async throws {
        try await APIAccess.with(global) { api in
            let character = try await NamedItem.resolve(
                self.character.trimmingWhitespace(), RMCharacter.self, api: api)
            // One batch request for every episode, as the API allows.
            let episodes = try await api.client.episodes(ids: character.episodeIDs)
            let detail = CharacterDetail(character: character, episodes: episodes)
            if json {
                try api.printJSON(detail)
                return
            }
            let style = Style(enabled: global.color.enabled())
            guard previews.enabled(isTerminal: TerminalDevice.standardOutput.isTerminal) else {
                print(detail.render(style: style))
                return
            }
            let parts = detail.lines(style: style)
            let columns = previews.columns(default: 24)
            let art = AvatarArt(capabilities: await display.prepareTerminal(color: global.color))
            let request = art.request(AvatarVariant.detail.sized(.columns(columns)), for: character)
            let avatar = try? await api.images.image(for: request).image
            print(art.beside(avatar, columns: columns, text: [""] + parts.fields, gap: 3), terminator: "")
            print(([""] + parts.episodes).joined(separator: "\n"))
        }
    }
}
