import ArgumentParser
import BlockArt
import RickAndMortyAPI
import TerminalUI

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
