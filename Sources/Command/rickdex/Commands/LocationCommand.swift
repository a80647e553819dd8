import ArgumentParser
import BlockArt
import RickAndMortyAPI
import TerminalUI
import LoupeToolbox
import UseCases

/// `rickdex location [ID|NAME] [--json]`
struct LocationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "location",
        abstract: "Show a location and its residents, with their avatars on a terminal.",
        discussion: """
            The location is its id, or its name as people type it (any case, accents, apostrophes, \
            periods and spaces fold), quoted or not: a whole name, or a part. A part that fits \
            several shows the one with the most residents (then the lowest id) and names the others \
            on stderr. With no location, lists them all, a page at a time on a terminal (--page, --all, --json), every page when piped.
            """ + Examples.help("location")
    )

    @Argument(
        help: ArgumentHelp("The location's id or name, e.g. 3 or citadel of ricks.", valueName: "id-or-name"),
        completion: .custom(ShellCompletion.locations))
    var words: [String] = []

    @OptionGroup var listing: ListingOptions

    /// The words as one name, as browse joins them.
    private var location: String { words.joined(separator: " ") }

    @Flag(help: "Print the location and its residents as JSON.")
    var json = false

    @OptionGroup var previews: PreviewOptions
    @OptionGroup var display: DisplayOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if let id = Int(location), id < 1 { throw ValidationError("an id is 1 or more, e.g. 1") }
    }

    func run() async throws {
        try await APIAccess.with(global) { api in
            if location.trimmingWhitespace().isEmpty {
                return try await ListingOutput.print(
                    LocationQuery(page: listing.page ?? 1), every: listing.everyPage(json: json), api: api, json: json,
                    global: global
                ) { [String($0.id), $0.name, $0.type, $0.dimension] }
            }
            let location = try await NamedItem.resolve(
                self.location.trimmingWhitespace(), Location.self, api: api)
            let residents = try await api.client.characters(ids: location.residentIDs)
            if json {
                try api.printJSON(LocationDetail(location: location, residents: residents))
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
                title: title, characters: residents, api: api, previews: previews, display: display,
                global: global)
        }
    }
}
