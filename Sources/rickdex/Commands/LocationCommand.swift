import ArgumentParser
import BlockArt
import RickAndMortyAPI
import TerminalUI
import Toolbox
import UseCases

/// `rickdex location ID|NAME [--json]`
struct LocationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "location",
        abstract: "Show a location and its residents, with their avatars on a terminal.",
        discussion: """
            The location is its id, or its name: a whole name (any case), the start of just one, or \
            a part of just one. A name that fits several lists them with their ids.
            """ + Examples.help("location")
    )

    @Argument(
        help: ArgumentHelp("The location's id or name, e.g. 3 or 'citadel of ricks'.", valueName: "id-or-name"),
        completion: .custom(ShellCompletion.locations))
    var location: String

    @Flag(help: "Print the location and its residents as JSON.")
    var json = false

    @OptionGroup var previews: PreviewOptions
    @OptionGroup var display: DisplayOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if let id = Int(location), id < 1 { throw ValidationError("an id is 1 or more, e.g. 1") }
        guard !location.trimmingWhitespace().isEmpty else { throw ValidationError("give a location's id or name") }
    }

    func run() async throws {
        try await APIConnection.with(global) { connection in
            let client = connection.client
            let location = try await NamedItem.resolve(
                self.location.trimmingWhitespace(), Location.self, connection: connection, options: global)
            let residents = try await client.characters(ids: location.residentIDs)
            if json {
                try connection.printJSON(LocationDetail(location: location, residents: residents))
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
